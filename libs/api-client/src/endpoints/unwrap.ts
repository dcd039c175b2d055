/** Most answers carry their payload under `data` ({ data: ... }); an endpoint's transformResponse takes it out. */
export function unwrap<T>(answer: { data: T }): T {
  return answer.data;
}

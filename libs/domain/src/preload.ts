/**
 * Answers the storefront page carries for the shell's first requests (window.__PRELOADED__), so the first
 * screen does not wait on round trips once the script runs. They are guest answers priced at `storeId`.
 */
export interface PreloadedAnswers {
  storeId: number;
  answers: Record<string, unknown>;
}

/** How a preloaded answer is found: method, API path (with its query) and JSON body, as the shell asks. */
export function preloadKey(method: string, url: string, body?: unknown): string {
  return `${method.toUpperCase()} ${url}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;
}

/** The widget/getProducts body of a product row section (type "2"): its SKUs, or a department's or brand's newest. */
export function productRowRequest({ value: { skus, dept_id, brand_id, limit } }: { value: { skus?: string[]; dept_id?: number; brand_id?: number; limit?: number } }) {
  return { skus, dept_id, brand_id, limit };
}

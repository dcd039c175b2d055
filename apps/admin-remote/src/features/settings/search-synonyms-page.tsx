import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { parseSynonymsText, SYNONYM_LIMITS, synonymsText } from '@platform/domain';
import { adminSettingsApi, errorMessage, notify } from '@platform/api-client';
import { Button, Container, ErrorNotice, Loading, PageTitle } from '@platform/ui';

const Form = styled.form`
  display: grid; gap: 12px; max-width: 720px;
  label { font-weight: 600; }
  textarea { font: inherit; padding: 10px 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; min-height: 240px; }
  .help { margin: 0; color: ${(p) => p.theme.colors.muted}; }
  ul { margin: 0; color: ${(p) => p.theme.colors.danger}; }
`;

/** Search synonyms (spec 3 settings, search-synonyms): groups of words that find one another in the store's search. */
export function SearchSynonymsPage() {
  const { data: groups, isLoading, isError, refetch } = adminSettingsApi.useSearchSynonymsQuery();
  const [save, { isLoading: saving }] = adminSettingsApi.useSaveSearchSynonymsMutation();
  const [text, setText] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => { if (groups && text === null) setText(synonymsText(groups)); }, [groups, text]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSynonymsText(text ?? '');
    setProblems(parsed.problems);
    if (parsed.problems.length) return;
    try {
      const answer = await save(parsed.groups).unwrap();
      setText(synonymsText(answer.data.groups));
      notify('success', answer.message);
    } catch (error) {
      setProblems([errorMessage(error, 'The synonyms could not be saved. Please try again.')]);
    }
  };

  return (
    <Container>
      <PageTitle>Search Synonyms</PageTitle>
      {isLoading ? <Loading label="Loading synonyms…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the synonyms.</ErrorNotice> : null}
      {text !== null ? (
        <Form onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor="synonyms">Synonym groups</label>
          <p className="help" id="synonyms-help">
            One group a line, words separated by commas: a search for any word of a group also finds the others
            (for example <em>deck, patio</em>). Up to {SYNONYM_LIMITS.wordsPerGroup} words a group and {SYNONYM_LIMITS.groups} groups.
            {groups?.length === 0 ? ' This store has no synonyms yet.' : ''}
          </p>
          <textarea
            id="synonyms" aria-describedby="synonyms-help" aria-invalid={problems.length > 0} value={text}
            onChange={(e) => { setText(e.target.value); setProblems([]); }}
          />
          {problems.length ? <ul role="alert">{problems.map((p) => <li key={p}>{p}</li>)}</ul> : null}
          <div><Button type="submit" disabled={saving}>{saving ? 'Saving…' : 'Save synonyms'}</Button></div>
        </Form>
      ) : null}
    </Container>
  );
}

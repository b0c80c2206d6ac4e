/** @jsxImportSource @emotion/react */
import { Button, FormError } from '../ui';

/** What a form action of an account's page answers: nothing yet, saved, or why not. */
export type SaveState = { status: 'idle' } | { status: 'saved'; savedAt: number } | { status: 'error'; message: string };

/** The end of an account's form in its grid: its button, then what the last save answered across the whole row. */
export const SaveRow = ({ state, saving, label, saved }: { state: SaveState; saving: boolean; label: string; saved: string }) => (
  <>
    <div css={{ marginBottom: '1rem', marginTop: '1.85rem' }}>
      <Button type="submit" variant="secondary" disabled={saving}>
        {saving ? 'Saving…' : label}
      </Button>
    </div>
    {state.status === 'error' && (
      <div css={{ gridColumn: '1 / -1' }}>
        <FormError message={state.message} />
      </div>
    )}
    {state.status === 'saved' && (
      <p role="status" css={{ gridColumn: '1 / -1', margin: 0 }}>
        {saved}
      </p>
    )}
  </>
);

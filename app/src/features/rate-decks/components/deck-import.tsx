import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { FieldShell, TextField, useFieldControl } from '../../../components/ui/forms/text-field';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { rateDeckHeader } from '../../../lib/core-tools';
import { rateDecksKey, type RateDeck } from '../api/get-rate-decks';
import { refusedLines, uploadRateDeck } from '../api/upload-rate-deck';
import { formatDeckDate } from './deck-dates';
import { DeckErrorsPanel } from './deck-errors';
import { useDeckCheck, type DeckCheck } from './use-deck-check';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

const fileControl =
  'block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100';

function fileSize(bytes: number): string {
  return bytes < 1_048_576
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** The file's name without .csv: a starting point for the deck's name. */
function nameOf(file: File): string {
  return file.name.replace(/\.csv$/i, '');
}

function CheckResult({ check, file }: { check: DeckCheck; file: File | null }) {
  switch (check.state) {
    case 'none':
      return null;
    case 'checking':
      return <LoadingStatus label={`Checking ${file?.name ?? 'the file'}...`} className="py-2" />;
    case 'failed':
      return <Alert>{check.message}</Alert>;
    case 'invalid':
      return (
        <DeckErrorsPanel
          errors={check.errors}
          note="Nothing can be uploaded until every line is valid: fix the file, then choose it again."
        />
      );
    case 'valid':
      return (
        <Alert tone="success">
          <span className="break-all">{file?.name}</span> is ready to upload:{' '}
          {check.summary.rows.toLocaleString('en-US')}{' '}
          {check.summary.rows === 1 ? 'prefix' : 'prefixes'}, effective from{' '}
          {formatDeckDate(check.summary.effectiveFrom)}.
        </Alert>
      );
  }
}

interface DeckImportProps {
  /** The draft the upload made, to preview next. */
  onUploaded: (deck: RateDeck) => void;
}

/** Choose a deck file and a name; core checks the file here before it may be uploaded. */
export function DeckImport({ onUploaded }: DeckImportProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input. Browsers fire no change for the same file chosen
  // again, so after errors the input is emptied for the fixed file to be chosen anew.
  const [inputKey, setInputKey] = useState(0);
  const emptyInput = () => setInputKey((key) => key + 1);
  const { check, choose } = useDeckCheck();
  const upload = useMutation({
    mutationFn: (chosen: { name: string; file: File }) => uploadRateDeck(chosen.name, chosen.file),
    onError: (error) => {
      if (refusedLines(error)) emptyInput();
    },
    onSuccess: async ({ item }) => {
      toast.success(`${item.name} uploaded as a draft`);
      setName('');
      setFile(null);
      emptyInput();
      void choose(null);
      onUploaded(item);
      await refreshAfterWrite(queryClient, { queryKey: rateDecksKey });
    },
  });
  const refused = refusedLines(upload.error);
  const nameError = fieldErrorsOf(upload.error).name;
  const otherError = upload.isError && !refused && !nameError;
  const fileHint = 'Checked here, line by line, before anything is uploaded.';
  const fileField = useFieldControl('deck-file', { base: fileControl, hint: fileHint });

  async function onFile(chosen: File | null) {
    upload.reset();
    setFile(chosen);
    if (chosen && name.trim() === '') setName(nameOf(chosen));
    const found = await choose(chosen);
    if (found?.state === 'invalid') emptyInput();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (file && check.state === 'valid') upload.mutate({ name: name.trim(), file });
  }

  return (
    <section
      aria-labelledby="deck-import-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id="deck-import-heading" className="text-lg font-semibold text-slate-900">
          Import a deck
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A CSV file with one line per prefix. Its first line names the columns:{' '}
          <code className="font-mono text-xs break-all text-slate-800">{rateDeckHeader()}</code>
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldShell id={fileField.id} label="CSV file" hint={fileHint}>
            <input
              key={inputKey}
              type="file"
              accept=".csv,text/csv"
              {...fileField}
              onChange={(event) => void onFile(event.target.files?.[0] ?? null)}
            />
          </FieldShell>
          <TextField
            id="deck-name"
            label="Deck name"
            placeholder="Carrier A December"
            autoComplete="off"
            maxLength={100}
            value={name}
            error={nameError}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div>
          {refused ? (
            <DeckErrorsPanel
              errors={refused}
              note="The server refused the deck and kept nothing of it: fix the file, then choose it again."
            />
          ) : (
            <CheckResult check={check} file={file} />
          )}
        </div>
        {otherError && <Alert>{messageOf(upload.error, 'Could not upload the deck.')}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button
            type="submit"
            loading={upload.isPending}
            disabled={check.state !== 'valid' || refused !== null}
          >
            {!upload.isPending && <Upload className="h-4 w-4" aria-hidden="true" />}
            {upload.isPending ? 'Uploading...' : 'Upload deck'}
          </Button>
          {upload.isPending && file && (
            <p role="status" className="text-sm break-all text-slate-600">
              Sending {file.name} ({fileSize(file.size)}); the server checks every line as it
              arrives.
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

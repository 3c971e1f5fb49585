import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, TextField } from '../../../ui';
import { useSafe } from '../../safe';
import { toAppOrigin } from './appStore';
import styles from './host.module.css';

/** Opens an app that is not in the catalogue by its URL (http(s) only); the app page then warns. */
export function CustomAppForm() {
  const { paths } = useSafe();
  const navigate = useNavigate();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = url.trim();
    if (toAppOrigin(value) === undefined) {
      setError('Enter the app’s full address, starting with https:// (or http://).');
      return;
    }
    setError(undefined);
    void navigate(paths.openApp(value));
  };
  return (
    <form className={styles.customForm} onSubmit={submit} noValidate aria-label="Open a custom app">
      <TextField
        label="Custom app URL"
        hint="An app not in the catalogue: Countersign reads its manifest.json and asks you to confirm."
        error={error}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        testId="custom-app-url"
        // On the input's line, not beside the field with its label and hint.
        end={
          <Button type="submit" data-testid="custom-app-open">
            Open app
          </Button>
        }
      />
    </form>
  );
}

import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { checkedText } from '../../../lib/formSchema';
import { err, ok } from '../../../lib/result';
import { Button, TextField } from '../../../ui';
import { shownError, useSchemaForm } from '../../../ui/schemaForm';
import { useSafe } from '../../safe';
import { toAppOrigin } from './appStore';
import styles from './host.module.css';

const customAppSchema = z.object({
  url: checkedText((input) => {
    const url = input.trim();
    return toAppOrigin(url) === undefined
      ? err('Enter the app’s full address, starting with https:// (or http://).')
      : ok(url);
  }),
});

/** Opens an app that is not in the catalogue by its URL (http(s) only); the app page then warns. */
export function CustomAppForm() {
  const { paths } = useSafe();
  const navigate = useNavigate();
  const form = useSchemaForm(customAppSchema, { url: '' });
  const submit = form.handleSubmit(({ url }) => navigate(paths.openApp(url)));
  return (
    <form className={styles.customForm} onSubmit={submit} noValidate aria-label="Open a custom app">
      <TextField
        label="Custom app URL"
        hint="An app not in the catalogue: Countersign reads its manifest.json and asks you to confirm."
        error={shownError(form, 'url')}
        type="url"
        inputMode="url"
        placeholder="https://"
        {...form.register('url')}
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

import { useParams } from 'react-router';
import { ButtonLink, EmptyState, Page } from '../../ui';
import { useSafe } from '../safe';
import { TxFlowPage } from './TxFlowPage';

// Placeholders until the forms land.
export function NewTransactionPage() {
  const { paths } = useSafe();
  return (
    <Page title="New transaction">
      <ButtonLink to={paths.newTransactionOf('send')} variant="primary">
        Send tokens
      </ButtonLink>
    </Page>
  );
}

export function NewTransactionFormPage() {
  const { kind = '' } = useParams();
  return (
    <TxFlowPage title="New transaction">
      {() => <EmptyState title={`The ${kind} form is coming to Countersign`} />}
    </TxFlowPage>
  );
}

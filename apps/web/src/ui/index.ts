// The app's shared UI primitives; features build their views from these and their own CSS modules.
export { Address } from './Address';
export { AddressNamesProvider, useAddressName, type AddressNameLookup } from './addressNames';
export { Alert, type AlertTone } from './Alert';
export { FiatAmount, TokenAmount } from './amounts';
export { Badge, type BadgeTone } from './Badge';
export { Button, ButtonLink, IconButton, buttonClass, type ButtonVariant } from './Button';
export { CopyButton } from './CopyButton';
export { DateTime } from './DateTime';
export { Dialog } from './Dialog';
export { EmptyState } from './EmptyState';
export {
  Field,
  SelectField,
  TextAreaField,
  TextField,
  type FieldControlProps,
  type FieldFrameProps,
} from './Field';
export { ErrorAlert, QueryErrorAlert, useDescribeQueryError } from './ErrorAlert';
export * from './format';
export { Identicon } from './Identicon';
export * from './icons';
export { Card, DocumentTitle, Page, Section, TitleSuffix, useDocumentTitle } from './Page';
export { QueryView, SavedDataNotice, type QueryState } from './QueryView';
export { Loading, Skeleton, SkeletonRows } from './Skeleton';
export { TabNav, type TabItem } from './TabNav';
export { Detail, DetailList, Stat, StatGrid } from './Details';
export { SearchField } from './SearchField';
export { HexValue, shortenHex } from './HexValue';
export { LoadMore } from './LoadMore';
export { RemoteImage } from './RemoteImage';
export { RevealedText, invisibleCharactersIn, revealInvisible } from './RevealedText';

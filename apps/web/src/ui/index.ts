// The app's shared UI primitives; features build their views from these and their own CSS modules.
export { Address } from './Address';
export {
  AddressNamesProvider,
  KnownAddressNamesProvider,
  useAddressName,
  useOwnAddressName,
} from './addressNames';
export { Alert, type AlertTone } from './Alert';
export { FiatAmount, TokenAmount } from './amounts';
export { Badge, type BadgeTone } from './Badge';
export { Button, ButtonLink, IconButton, buttonClass } from './Button';
export { CopyButton } from './CopyButton';
export { FileButton } from './FileButton';
export { DateTime } from './DateTime';
export { Dialog } from './Dialog';
export { DrawnSelect } from './DrawnSelect';
export { EmptyState } from './EmptyState';
export { SelectField, TextAreaField, TextField } from './Field';
export { ErrorAlert, QueryErrorAlert, useDescribeQueryError } from './ErrorAlert';
export * from './format';
export { Identicon } from './Identicon';
export * from './icons';
export { Card, Page, Section, TitleSuffix } from './Page';
export { QueryView, SavedDataNotice } from './QueryView';
export { Loading, Skeleton, SkeletonRows } from './Skeleton';
export { TabNav, type TabItem } from './TabNav';
export { Detail, DetailList, Stat, StatGrid } from './Details';
export { SearchField } from './SearchField';
export { HexValue, shortenHex } from './HexValue';
export { LoadMore } from './LoadMore';
export { RemoteImage } from './RemoteImage';
export { RevealedText, invisibleCharactersIn, revealInvisible } from './RevealedText';

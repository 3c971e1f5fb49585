import type { ReactNode, SVGProps } from 'react';

/** Line icons drawn for Countersign on a 24 × 24 grid; decorative unless given a title. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function icon(paths: ReactNode) {
  return function Icon({ size = 18, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const HomeIcon = /* @__PURE__ */ icon(<path d="M4 11 12 4l8 7M6 9.5V20h4.5v-5h3v5H18V9.5" />);
export const AssetsIcon = /* @__PURE__ */ icon(
  <>
    <ellipse cx="12" cy="6.5" rx="7" ry="2.8" />
    <path d="M5 6.5v5c0 1.5 3.1 2.8 7 2.8s7-1.3 7-2.8v-5M5 11.5v5c0 1.5 3.1 2.8 7 2.8s7-1.3 7-2.8v-5" />
  </>,
);
export const TransactionsIcon = /* @__PURE__ */ icon(<path d="M5 8h13l-3.5-3.5M19 16H6l3.5 3.5" />);
export const MessagesIcon = /* @__PURE__ */ icon(<path d="M4 6h16v10H9l-5 4V6ZM8 10h8M8 13h5" />);
export const AppsIcon = /* @__PURE__ */ icon(
  <>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </>,
);
/** Two links of a chain: a dapp connected over WalletConnect. */
export const DappsIcon = /* @__PURE__ */ icon(
  <>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </>,
);
export const AddressBookIcon = /* @__PURE__ */ icon(
  <>
    <path d="M6 3.5h12a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H6z" />
    <path d="M4 7.5h3M4 12h3M4 16.5h3" />
    <circle cx="12.5" cy="10" r="2.3" />
    <path d="M9 16.5c.6-1.8 1.9-2.7 3.5-2.7s2.9.9 3.5 2.7" />
  </>,
);
export const SettingsIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 3v2.5M12 18.5V21M3 12h2.5M18.5 12H21M5.6 5.6l1.8 1.8M16.6 16.6l1.8 1.8M5.6 18.4l1.8-1.8M16.6 7.4l1.8-1.8" />
  </>,
);
export const CopyIcon = /* @__PURE__ */ icon(
  <>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V5.5A1.5 1.5 0 0 0 14.5 4h-9A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8" />
  </>,
);
export const CheckIcon = /* @__PURE__ */ icon(<path d="m5 12.5 4.5 4.5L19 7.5" />);
export const ExternalIcon = /* @__PURE__ */ icon(
  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
);
export const QrIcon = /* @__PURE__ */ icon(
  <>
    <rect x="4" y="4" width="6" height="6" rx="1" />
    <rect x="14" y="4" width="6" height="6" rx="1" />
    <rect x="4" y="14" width="6" height="6" rx="1" />
    <path d="M14 14h2.5v2.5H14zM18 18h2v2h-2zM14 19h2M19 14v2.5" />
  </>,
);
export const MenuIcon = /* @__PURE__ */ icon(<path d="M4 7h16M4 12h16M4 17h16" />);
export const CloseIcon = /* @__PURE__ */ icon(<path d="M6 6l12 12M18 6 6 18" />);
export const WarningIcon = /* @__PURE__ */ icon(
  <>
    <path d="M12 4 2.8 19.5h18.4L12 4Z" />
    <path d="M12 10v4.5M12 17.2v.1" />
  </>,
);
export const InfoIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5.5M12 7.8v.1" />
  </>,
);
export const ChevronRightIcon = /* @__PURE__ */ icon(<path d="m9.5 6 6 6-6 6" />);
export const ChevronDownIcon = /* @__PURE__ */ icon(<path d="m6 9.5 6 6 6-6" />);
export const ArrowDownLeftIcon = /* @__PURE__ */ icon(<path d="M17 7 7 17M7 9v8h8" />);
export const ArrowUpRightIcon = /* @__PURE__ */ icon(<path d="M7 17 17 7M9 7h8v8" />);
export const PlusIcon = /* @__PURE__ */ icon(<path d="M12 5v14M5 12h14" />);
export const SearchIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="11" cy="11" r="6" />
    <path d="m20 20-4.5-4.5" />
  </>,
);
export const DownloadIcon = /* @__PURE__ */ icon(<path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />);
export const UploadIcon = /* @__PURE__ */ icon(<path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M5 19.5h14" />);
export const EyeIcon = /* @__PURE__ */ icon(
  <>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
    <circle cx="12" cy="12" r="2.8" />
  </>,
);
export const EyeOffIcon = /* @__PURE__ */ icon(
  <path d="M4 4l16 16M10 6c.6-.1 1.3-.2 2-.2 6 0 9.5 6.2 9.5 6.2a16 16 0 0 1-2.6 3.4M6.3 7.5A15 15 0 0 0 2.5 12s3.5 6.5 9.5 6.5c1.5 0 2.8-.4 4-1M9.9 10a2.8 2.8 0 0 0 4 4" />,
);

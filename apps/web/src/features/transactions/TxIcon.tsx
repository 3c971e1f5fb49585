import type { ReactNode } from 'react';
import type { TxInfo } from '@countersign/gateway-api';
import { ArrowDownLeftIcon, ArrowUpRightIcon, CloseIcon, PlusIcon, SettingsIcon } from '../../ui';
import styles from './TxIcon.module.css';

type IconProps = { size?: number };

function svg(paths: ReactNode) {
  return function Icon({ size = 18 }: IconProps) {
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
      >
        {paths}
      </svg>
    );
  };
}

const CodeIcon = svg(<path d="m8.5 8-4 4 4 4M15.5 8l4 4-4 4M13.5 5.5l-3 13" />);
const BatchIcon = svg(
  <>
    <path d="M4 8.5 12 4.5l8 4-8 4z" />
    <path d="m4 12.5 8 4 8-4M4 16.5l8 4 8-4" />
  </>,
);
const QuestionIcon = svg(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.6 9.6a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6M12 16.8v.2" />
  </>,
);

export type IconKind =
  'incoming' | 'outgoing' | 'settings' | 'rejection' | 'batch' | 'custom' | 'creation' | 'unknown';

export function iconKindOf(txInfo: TxInfo): IconKind {
  switch (txInfo.type) {
    case 'Transfer':
      return txInfo.direction === 'INCOMING' ? 'incoming' : 'outgoing';
    case 'SettingsChange':
      return 'settings';
    case 'Custom':
      if (txInfo.isCancellation) return 'rejection';
      return txInfo.methodName === 'multiSend' ? 'batch' : 'custom';
    case 'Creation':
      return 'creation';
    case 'Unknown':
      return 'unknown';
  }
}

const icons = {
  incoming: ArrowDownLeftIcon,
  outgoing: ArrowUpRightIcon,
  settings: SettingsIcon,
  rejection: CloseIcon,
  batch: BatchIcon,
  custom: CodeIcon,
  creation: PlusIcon,
  unknown: QuestionIcon,
} as const;

/**
 * The round badge at the start of a row: which way a transfer goes, or what kind of call it is (a
 * question mark for an entry that could not be read).
 */
export function TxIcon({ txInfo }: { txInfo: TxInfo | null }) {
  const kind = txInfo === null ? 'unknown' : iconKindOf(txInfo);
  const Icon = icons[kind];
  return (
    <span className={`${styles.icon} ${styles[kind]}`} aria-hidden="true">
      <Icon size={18} />
    </span>
  );
}

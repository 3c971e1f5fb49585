import { Fragment } from 'react';
import { splitInvisible } from './invisibleCharacters';

export { invisibleCharactersIn, revealInvisible } from './invisibleCharacters';
import styles from './RevealedText.module.css';

/**
 * Untrusted text as React text, with each direction override or zero-width character shown as a
 * visible ⟨U+202E⟩ marker instead of acting on the text around it.
 */
export function RevealedText({ text }: { text: string }) {
  return (
    <>
      {splitInvisible(text).map((segment, index) =>
        'text' in segment ? (
          <Fragment key={index}>{segment.text}</Fragment>
        ) : (
          <abbr
            key={index}
            className={styles.marker}
            title={`${segment.codePoint} ${segment.name}: an invisible character`}
            data-testid="invisible-character"
          >
            ⟨{segment.codePoint}⟩
          </abbr>
        ),
      )}
    </>
  );
}

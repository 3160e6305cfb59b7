import { parseContent } from '../lib/message-content';
import styles from './conversation.module.css';

/** The text with its `[name](url)` links as anchors; everything else stays text (never HTML). */
export function MessageContent({ content }: { content: string }) {
  return (
    <p className={styles.text}>
      {parseContent(content).map((part, i) =>
        part.type === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

import { Box, type BoxProps } from '@chakra-ui/react';
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize';

/** Club-written HTML, sanitised with the allow-list before it is rendered. */
export function RichText({ html, ...props }: { html: string | null | undefined } & BoxProps) {
  const safe = useMemo(() => sanitizeHtml(html ?? ''), [html]);
  return (
    <Box
      className="rich-text"
      css={{
        '& h1, & h2, & h3': { fontWeight: 'bold', mt: '4', mb: '2', lineHeight: 'short' },
        '& h1': { fontSize: '2xl' },
        '& h2': { fontSize: 'xl' },
        '& h3': { fontSize: 'lg' },
        '& p': { mb: '3', lineHeight: 'tall' },
        '& ul, & ol': { pl: '6', mb: '3' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& table': { borderCollapse: 'collapse', mb: '3' },
        '& td, & th': { borderWidth: '1px', px: '2', py: '1' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allow-list above
      dangerouslySetInnerHTML={{ __html: safe }}
      {...props}
    />
  );
}

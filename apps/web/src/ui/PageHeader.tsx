import { Badge, Box, Card, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from './page-title';

export interface PageHeaderProps {
  title: ReactNode;
  /** Plain-text title for document.title when `title` is not a string. */
  documentTitle?: string;
  subtitle?: ReactNode;
  badge?: ReactNode;
  /** Buttons on the right (Tilbage, Gem, Slet, Opret ...). */
  actions?: ReactNode;
}

/** Title row of a screen with buttons on the right; also sets document.title. */
export function PageHeader({ title, documentTitle, subtitle, badge, actions }: PageHeaderProps) {
  usePageTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Flex mb="6" gap="4" align={{ base: 'flex-start', md: 'center' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
      <Box>
        <HStack gap="3">
          <Heading as="h1" size="2xl" letterSpacing="tight">
            {title}
          </Heading>
          {badge && <Badge colorPalette="purple">{badge}</Badge>}
        </HStack>
        {subtitle && (
          <Text color="fg.muted" mt="1">
            {subtitle}
          </Text>
        )}
      </Box>
      {actions && (
        <HStack gap="2" wrap="wrap">
          {actions}
        </HStack>
      )}
    </Flex>
  );
}

/** A titled card section of an edit screen. */
export function Section({ title, actions, children }: { title?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root mb="6" variant="outline" bg="bg">
      {(title || actions) && (
        <Card.Header>
          <Flex justify="space-between" align="center" gap="3">
            {title && (
              <Heading as="h2" size="md">
                {title}
              </Heading>
            )}
            {actions}
          </Flex>
        </Card.Header>
      )}
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

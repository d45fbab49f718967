import { HStack, Image, Text } from '@chakra-ui/react';

/** Club logo (when set) and name. */
export function ClubLogo({ name, logo, size = 'md' }: { name: string; logo?: string | null; size?: 'sm' | 'md' }) {
  return (
    <HStack gap="2">
      {logo && <Image src={logo} alt="" h={size === 'sm' ? '7' : '9'} maxW="32" objectFit="contain" />}
      <Text fontWeight="bold" fontSize={size === 'sm' ? 'md' : 'lg'} letterSpacing="tight" lineClamp={1}>
        {name}
      </Text>
    </HStack>
  );
}

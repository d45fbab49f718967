import { Button, type ButtonProps, Link as ChakraLink, type LinkProps as ChakraLinkProps } from '@chakra-ui/react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

/** A Chakra button that navigates with the router: <LinkButton to="/settings/modules/create">Opret</LinkButton> */
export function LinkButton({ to, replace, state, ...props }: ButtonProps & Pick<RouterLinkProps, 'to' | 'replace' | 'state'>) {
  return (
    <Button asChild {...props}>
      <RouterLink to={to} replace={replace} state={state}>
        {props.children}
      </RouterLink>
    </Button>
  );
}

/** A Chakra-styled router link. */
export function AppLink({ to, children, ...props }: ChakraLinkProps & { to: RouterLinkProps['to'] }) {
  return (
    <ChakraLink asChild colorPalette="brand" {...props}>
      <RouterLink to={to}>{children}</RouterLink>
    </ChakraLink>
  );
}

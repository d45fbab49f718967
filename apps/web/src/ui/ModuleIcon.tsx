import type { LucideProps } from 'lucide-react';
import { DynamicIcon, type IconName, iconNames } from 'lucide-react/dynamic';

const known = new Set<string>(iconNames);

/** A lucide icon by its kebab-case name (module.icon, e.g. 'building-2'); unknown names show a box. Each icon loads on demand. */
export function ModuleIcon({ name, ...props }: { name: string | null | undefined } & LucideProps) {
  const icon = (name && known.has(name) ? name : 'box') as IconName;
  return <DynamicIcon name={icon} aria-hidden {...props} />;
}

export const isIconName = (name: string) => known.has(name);

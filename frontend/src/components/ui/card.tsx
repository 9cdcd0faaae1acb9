import type { HTMLAttributes } from 'react';

interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'section' | 'div' | 'article';
  tone?: 'default' | 'muted' | 'accent';
}

export function Card({ as: Tag = 'section', tone = 'default', className, ...rest }: CardProps) {
  return <Tag className={['card', `card--${tone}`, className].filter(Boolean).join(' ')} {...rest} />;
}

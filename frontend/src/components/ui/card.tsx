import type { HTMLAttributes, ReactNode } from 'react';

interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'section' | 'div' | 'article';
  tone?: 'default' | 'muted' | 'accent';
}

export function Card({ as: Tag = 'section', tone = 'default', className, ...rest }: CardProps) {
  return <Tag className={['card', `card--${tone}`, className].filter(Boolean).join(' ')} {...rest} />;
}

export function CardHeader({
  title,
  description,
  level = 2,
  titleId,
  aside,
}: {
  title: ReactNode;
  description?: ReactNode;
  level?: 1 | 2 | 3;
  titleId?: string;
  aside?: ReactNode;
}) {
  const Heading = `h${level}` as const;
  return (
    <header className="card__header">
      <div>
        <Heading className="card__title" id={titleId}>
          {title}
        </Heading>
        {description ? <p className="card__description">{description}</p> : null}
      </div>
      {aside}
    </header>
  );
}

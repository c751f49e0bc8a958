/** The frame of every park-and-pay screen: heading, the Start Over action and the screen's body. */
import type { ReactNode } from 'react';
import { StartOverButton } from './start-over';
import './park-and-pay.css';

export function ParkLayout({ title, children, hasStartOver = true }: { title: string; children: ReactNode; hasStartOver?: boolean }) {
  return (
    <section className="page page--narrow park">
      <header className="park__header">
        <h1>{title}</h1>
        {hasStartOver && <StartOverButton />}
      </header>
      {children}
    </section>
  );
}

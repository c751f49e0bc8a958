/**
 * The frame of every park-and-pay screen: heading, an action beside it and the screen's body.
 * Apart from ParkLayout (which puts Start Over there) so the lot-code screen, a first screen
 * with no Start Over, does not load the draft store, the texts and the dialog with it.
 */
import type { ReactNode } from 'react';
import './park-and-pay.css';

export function ParkFrame({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="page page--narrow park">
      <header className="park__header">
        <h1>{title}</h1>
        {action}
      </header>
      {children}
    </section>
  );
}

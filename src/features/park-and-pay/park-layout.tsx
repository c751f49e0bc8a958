/** The frame of every park-and-pay screen (park-frame.tsx) with the Start Over action. */
import type { ReactNode } from 'react';
import { ParkFrame } from './park-frame';
import { StartOverButton } from './start-over';

export function ParkLayout({ title, children, hasStartOver = true }: { title: string; children: ReactNode; hasStartOver?: boolean }) {
  return (
    <ParkFrame title={title} action={hasStartOver && <StartOverButton />}>
      {children}
    </ParkFrame>
  );
}

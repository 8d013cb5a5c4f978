import type { ComponentPropsWithRef } from 'react';
import { Slider as SliderPrimitive } from 'radix-ui';
import { cn } from '#client/lib/cn';

export interface SliderProps extends ComponentPropsWithRef<typeof SliderPrimitive.Root> {
  /** Names the thumb (the element that takes focus), e.g. through the visible label's id. */
  thumbLabelledBy?: string;
  /** Read out instead of the bare number ("1.25×"). */
  valueText?: string;
}

/** A single-thumb Radix slider: arrow keys, Home/End and Page keys work on the thumb. */
export function Slider({ className, thumbLabelledBy, valueText, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root
      className={cn('relative flex h-6 w-full touch-none items-center select-none', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 grow overflow-hidden rounded-full bg-surface-muted ring-1 ring-line">
        <SliderPrimitive.Range className="absolute h-full rounded-full bg-accent" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-labelledby={thumbLabelledBy}
        aria-valuetext={valueText}
        className="block size-6 rounded-full border-2 border-accent bg-surface shadow-md transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      />
    </SliderPrimitive.Root>
  );
}

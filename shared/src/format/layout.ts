// Responsive numbers that are pure functions of the viewport width.
import { CAROUSEL } from '../rules/constants.ts';

/** Carousel cards visible at a viewport width: 1 below 576, 2 at 576, 3 at 776/1024, 5 at 1400, 6 at 1600. */
export function carouselItemsForWidth(width: number): number {
  let items: number = CAROUSEL.breakpoints[0].items;
  for (const point of CAROUSEL.breakpoints) {
    if (width >= point.minWidth) items = point.items;
  }
  return items;
}

/**
 * The location's photo slideshow (spec 1 §2.3): one photo at a time with Previous / Next and
 * "Photo 2 of 3"; the photos are the location's "Slide Show" and "Entrance" images in display order.
 */
import { useState } from 'react';
import type { LocationImage } from '../../contract/locations';

export function PhotoSlideshow({ images }: { images: LocationImage[] }) {
  const photos = images.filter((image) => image.assetType.name !== 'Thumbnail').sort((a, b) => a.displayOrder - b.displayOrder);
  const [index, setIndex] = useState(0);
  const photo = photos[Math.min(index, photos.length - 1)];
  if (!photo) return null;
  const step = (delta: number): void => setIndex((current) => (current + delta + photos.length) % photos.length);
  return (
    <section className="slideshow" aria-roledescription="carousel" aria-label="Photos">
      <img className="slideshow__photo" src={photo.assetURI} alt={photo.altText} width={640} height={400} />
      {photos.length > 1 && (
        <div className="slideshow__controls">
          <button type="button" className="slideshow__button" aria-label="Previous photo" onClick={() => step(-1)}>
            ‹
          </button>
          <span aria-live="polite">
            Photo {index + 1} of {photos.length}
          </span>
          <button type="button" className="slideshow__button" aria-label="Next photo" onClick={() => step(1)}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}

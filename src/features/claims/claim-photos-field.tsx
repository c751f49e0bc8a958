/** Up to 5 photos of the damage: picked from the camera or the gallery, shown as thumbnails, each removable. */
import { useEffect, useMemo } from 'react';
import { MAX_CLAIM_PHOTOS } from '../../contract/claims';
import { withErrorPrefix } from '../../lib/card-validation';
import type { ClaimPhoto } from './claim-draft-store';

type Props = { photos: readonly ClaimPhoto[]; message: string | undefined; onAdd: (files: File[]) => void | Promise<void>; onRemove: (photoId: string) => void };

export function ClaimPhotosField({ photos, message, onAdd, onRemove }: Props) {
  const urls = useMemo(() => photos.map((photo) => ({ photoId: photo.photoId, name: photo.name, url: URL.createObjectURL(photo.blob) })), [photos]);
  useEffect(() => () => urls.forEach((entry) => URL.revokeObjectURL(entry.url)), [urls]);
  const isFull = photos.length >= MAX_CLAIM_PHOTOS;
  return (
    <fieldset className="claim-form__group claim-photos">
      <legend>Photos</legend>
      <p className="claim-photos__hint">Up to {MAX_CLAIM_PHOTOS} photos (JPEG, PNG or WebP, 8 MB each). {photos.length} of {MAX_CLAIM_PHOTOS} added.</p>
      {urls.length > 0 && (
        <ul className="claim-photos__list">
          {urls.map((entry, index) => (
            <li key={entry.photoId}>
              <img src={entry.url} alt={`Photo ${index + 1}: ${entry.name}`} width={96} height={96} />
              <button type="button" className="button button--secondary" onClick={() => onRemove(entry.photoId)} aria-label={`Remove photo ${index + 1}`}>Remove</button>
            </li>
          ))}
        </ul>
      )}
      <label className={`button button--secondary claim-photos__add${isFull ? ' is-disabled' : ''}`}>
        Add Photos
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={isFull}
         
          name="photos"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void onAdd(files);
          }}
        />
      </label>
      {message && <p className="form-error" role="alert">{withErrorPrefix(message)}</p>}
    </fieldset>
  );
}

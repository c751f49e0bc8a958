/**
 * The confirm step: the frozen frame with the plate's box, the reading in large characters
 * (one field, every character editable, normalised as typed), the alternatives as one-tap
 * chips, and Confirm / Retake / Type it instead. Nothing is saved until the driver confirms.
 */
import { useId, useState, type FormEvent } from 'react';
import type { PlateResult } from '../../contract/plates';
import { buildCandidateChips } from './candidate-chips';
import { PLATE_SCAN_TEXT as TEXT } from './plate-scan-messages';
import { isPlausiblePlate, MAX_PLATE_LENGTH, normalizePlate } from './plate-text';
import type { CapturedFrame } from './use-frame-reader';

type Props = {
  frame: CapturedFrame;
  isReading: boolean;
  onConfirm: (plate: string) => void;
  onRetake: () => void;
  onTypeInstead: () => void;
};

function PlateBoxOverlay({ result, frame }: { result: PlateResult; frame: CapturedFrame }) {
  const { xmin, ymin, xmax, ymax } = result.box;
  const style = {
    left: `${(100 * xmin) / frame.width}%`,
    top: `${(100 * ymin) / frame.height}%`,
    width: `${(100 * (xmax - xmin)) / frame.width}%`,
    height: `${(100 * (ymax - ymin)) / frame.height}%`,
  };
  return <div className="plate-scan__box" style={style} aria-hidden="true" />;
}

export function PlateConfirm({ frame, isReading, onConfirm, onRetake, onTypeInstead }: Props) {
  const results = frame.response?.results ?? [];
  const best = results[0];
  const [plate, setPlate] = useState(() => normalizePlate(best?.plate ?? ''));
  const [isTouched, setIsTouched] = useState(false);
  const inputId = useId();
  const chips = buildCandidateChips(results, plate);
  const isValid = isPlausiblePlate(plate);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (isValid) onConfirm(plate);
  };

  return (
    <form className="plate-scan plate-scan--confirm" onSubmit={submit} noValidate>
      <h2>{best || isReading ? TEXT.confirmTitle : TEXT.noPlateTitle}</h2>
      <div className="plate-scan__frame">
        <img src={frame.dataUrl} alt="The photo the plate was read from" />
        {best ? <PlateBoxOverlay result={best} frame={frame} /> : null}
      </div>
      {isReading ? <p role="status">{TEXT.reading}</p> : null}
      {!isReading && !best ? <p role="status">{TEXT.noPlateInFrame}</p> : null}
      <p className="plate-scan__hint">{TEXT.confirmHint}</p>
      <label htmlFor={inputId} className="plate-scan__label">
        {TEXT.plateLabel}
      </label>
      <input
        id={inputId}
        className="plate-scan__plate"
        value={plate}
        onChange={(event) => setPlate(normalizePlate(event.target.value))}
        maxLength={MAX_PLATE_LENGTH}
        autoCapitalize="characters"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        inputMode="text"
        aria-invalid={isTouched && !isValid}
        aria-describedby={isTouched && !isValid ? `${inputId}-error` : undefined}
      />
      {isTouched && !isValid ? (
        <p id={`${inputId}-error`} className="plate-scan__error" role="alert">
          {TEXT.emptyPlate}
        </p>
      ) : null}
      {chips.length > 0 ? (
        <div className="plate-scan__chips" role="group" aria-label={TEXT.alternatives}>
          <span>{TEXT.alternatives}</span>
          {chips.map((chip) => (
            <button key={chip} type="button" className="plate-scan__chip" onClick={() => setPlate(chip)}>
              {chip}
            </button>
          ))}
        </div>
      ) : null}
      <div className="plate-scan__actions">
        <button type="submit" className="button" disabled={isReading}>
          {TEXT.confirm}
        </button>
        <button type="button" className="button button--secondary" onClick={onRetake}>
          {TEXT.retake}
        </button>
        <button type="button" className="link-button" onClick={onTypeInstead}>
          {TEXT.typeInstead}
        </button>
      </div>
    </form>
  );
}

import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MOBILE_MEDIA_QUERY, useMediaQuery, useMediaQueryOnDevice } from './use-media-query';

function Answers() {
  return <p>{`${String(useMediaQuery(MOBILE_MEDIA_QUERY))} ${String(useMediaQueryOnDevice(MOBILE_MEDIA_QUERY))}`}</p>;
}

describe('media queries on the server', () => {
  it('answer "no match", or "unknown" for a page that draws both layouts', () => {
    expect(renderToString(<Answers />)).toBe('<p>false undefined</p>');
  });
});

/**
 * The JSON answer of the all-garage search (41 garages, ~36 KB, at 200 searches a second), written
 * straight into bytes by JsonBytes (json-bytes.ts: no intermediate strings, and ASCII, with every
 * character above U+007F as a \uXXXX escape). Every result carries its garage's location summary
 * and any blackouts and alerts, the same never-mutated objects from the pricing snapshot on every
 * request, so their text is made once per object and copied.
 *
 * The field order below is the order `priced` and `unpriced` (daily-pricing.ts) write them in;
 * daily-rate-json.test.ts checks the text against JSON.stringify's (with the same escapes), so a
 * field added there and not here fails a test rather than going missing from responses.
 */
import type { DailyRate, TaxLine } from '../../src/contract/rates.ts';
import { JsonBytes } from './json-bytes.ts';

function writeTaxes(json: JsonBytes, taxes: readonly TaxLine[]): void {
  json.raw('[');
  for (let index = 0; index < taxes.length; index++) {
    const line = taxes[index] as TaxLine;
    if (index > 0) json.comma();
    json.raw('{"name":').string(line.name).raw(',"ratePercent":').number(line.ratePercent).raw(',"amount":').number(line.amount).raw('}');
  }
  json.raw(']');
}

function writeDailyRate(json: JsonBytes, rate: DailyRate): void {
  json.raw('{"rateInstanceId":').plainString(rate.rateInstanceId).raw(',"rateId":').number(rate.rateId).raw(',"rateType":').string(rate.rateType);
  json.raw(',"locationId":').number(rate.locationId).raw(',"location":').sharedObject(rate.location);
  json.raw(',"entryTimeUtc":').plainString(rate.entryTimeUtc).raw(',"exitTimeUtc":').plainString(rate.exitTimeUtc).raw(',"rateDuration":').number(rate.rateDuration);
  json.raw(',"rate":').number(rate.rate).raw(',"price":').number(rate.price).raw(',"tax":').number(rate.tax).raw(',"taxRatePercent":').number(rate.taxRatePercent);
  json.raw(',"taxes":');
  writeTaxes(json, rate.taxes);
  json.raw(',"rateWithTax":').number(rate.rateWithTax).raw(',"serviceFeeAmount":').number(rate.serviceFeeAmount).raw(',"serviceFee":').number(rate.serviceFee);
  json.raw(',"oversizeRate":').number(rate.oversizeRate).raw(',"oversizeSurcharge":').number(rate.oversizeSurcharge);
  json.raw(',"oversizedServiceFeeAmount":').number(rate.oversizedServiceFeeAmount).raw(',"noOversized":').bool(rate.noOversized);
  json.raw(',"rateMessage":').string(rate.rateMessage).raw(',"timeDescription":').string(rate.timeDescription).raw(',"isEventRate":').bool(rate.isEventRate);
  json.raw(',"eventId":');
  if (rate.eventId === null) json.raw('null');
  else json.number(rate.eventId);
  json.raw(',"disabled":').bool(rate.disabled).raw(',"blackouts":').sharedObjects(rate.blackouts).raw(',"alerts":').sharedObjects(rate.alerts);
  json.raw(',"appliedPromotionCode":').nullableString(rate.appliedPromotionCode).raw(',"discountAmount":').number(rate.discountAmount).raw('}');
}

const answer = new JsonBytes('ascii');

/** The bytes of `asciiJson(JSON.stringify(rates))`, in a Buffer of their own. */
export function dailyRatesJson(rates: readonly DailyRate[]): Buffer<ArrayBuffer> {
  answer.raw('[');
  for (let index = 0; index < rates.length; index++) {
    if (index > 0) answer.comma();
    writeDailyRate(answer, rates[index] as DailyRate);
  }
  answer.raw(']');
  return answer.take();
}

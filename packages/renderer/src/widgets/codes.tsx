import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';
import { useRender } from '../form/context';
import { prop } from '../form/fieldUtil';
import { useFieldValue } from '../store/formStore';
import type { WidgetProps } from './types';

/** The 12 symbologies of spec 3 §9, mapped to jsbarcode's format names. */
export const BARCODE_FORMAT_MAP: Record<string, string> = {
  code128: 'CODE128',
  ean13: 'EAN13',
  ean8: 'EAN8',
  ean5: 'EAN5',
  ean2: 'EAN2',
  code39: 'CODE39',
  itf14: 'ITF14',
  msi10: 'MSI10',
  msi11: 'MSI11',
  pharmacode: 'pharmacode',
  upc: 'UPC',
  codabar: 'codabar',
};

/** The barcode is drawn only if the text is letters and digits (spec 3 §5). */
export const isBarcodeText = (s: string): boolean => /^[A-Za-z0-9]+$/.test(s);

/** The encoded text: staticText, or the value of relationField (dataType relation). */
function useCodeText(field: WidgetProps['field']): string {
  const { store } = useRender();
  const rel = prop<string>(field, 'relationField') ?? '';
  const relValue = useFieldValue(store, rel);
  const dataType = prop<string>(field, 'dataType') ?? 'static';
  if (dataType === 'relation') return relValue == null ? '' : String(relValue);
  return prop<string>(field, 'staticText') ?? '';
}

export function BarcodeWidget({ field }: WidgetProps) {
  const textValue = useCodeText(field);
  const ref = useRef<SVGSVGElement>(null);
  const ok = isBarcodeText(textValue);
  const format = BARCODE_FORMAT_MAP[prop<string>(field, 'format') ?? 'code128'] ?? 'CODE128';
  const lineColor = prop<string>(field, 'lineColor') ?? '#000000';
  const background = prop<string>(field, 'background') ?? '#ffffff';
  const width = prop<number>(field, 'width') ?? 4;
  const height = prop<number>(field, 'height') ?? 40;
  useEffect(() => {
    if (!ok || !ref.current) return;
    try {
      JsBarcode(ref.current, textValue, { format, lineColor, background, width, height, displayValue: true });
    } catch {
      // Text invalid for this symbology (e.g. a wrong EAN check digit): nothing is drawn.
      ref.current.innerHTML = '';
    }
  }, [ok, textValue, format, lineColor, background, width, height]);
  return ok ? (
    <svg ref={ref} className="kp-barcode" data-text={textValue} />
  ) : (
    <div className="kp-barcode-empty" />
  );
}

export function QrcodeWidget({ field }: WidgetProps) {
  const textValue = useCodeText(field);
  const ref = useRef<HTMLCanvasElement>(null);
  const size = prop<number>(field, 'size') ?? 40; // spec 3 §9: 100 in the designer template, 40 elsewhere
  const dark = prop<string>(field, 'colorDark') ?? '#000000';
  const light = prop<string>(field, 'colorLight') ?? '#ffffff';
  useEffect(() => {
    if (!textValue || !ref.current) return;
    QRCode.toCanvas(ref.current, textValue, {
      width: size,
      margin: 0,
      errorCorrectionLevel: 'L',
      color: { dark, light },
    }).catch(() => {});
  }, [textValue, size, dark, light]);
  return textValue ? (
    <canvas ref={ref} className="kp-qrcode" data-text={textValue} width={size} height={size} />
  ) : (
    <div className="kp-qrcode-empty" />
  );
}

/**
 * Spanish numbers written in words, read as their value, so a dictation answer "tres" matches a
 * transcript's "3" and "veintitrés" its "23" (issue 25). Covers 0 to 999,999: enough for the
 * numbers stories say (ages, years, prices, times); anything else is simply not a number here.
 */

const UNITS: Record<string, number> = {
  cero: 0,
  un: 1,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciseis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiun: 21,
  veintiuno: 21,
  veintiuna: 21,
  veintidos: 22,
  veintitres: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiseis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
};

const TENS: Record<string, number> = {
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
};

const HUNDREDS: Record<string, number> = {
  cien: 100,
  ciento: 100,
  doscientos: 200,
  doscientas: 200,
  trescientos: 300,
  trescientas: 300,
  cuatrocientos: 400,
  cuatrocientas: 400,
  quinientos: 500,
  quinientas: 500,
  seiscientos: 600,
  seiscientas: 600,
  setecientos: 700,
  setecientas: 700,
  ochocientos: 800,
  ochocientas: 800,
  novecientos: 900,
  novecientas: 900,
};

/** Whether a word (lower case, accents removed) can be part of a number said in words. */
export function isNumberWord(word: string): boolean {
  return word in UNITS || word in TENS || word in HUNDREDS || word === 'mil';
}

/** A number below 1,000 said in words, or null: "ciento veintitrés", "treinta y dos". */
function belowThousand(words: readonly string[]): number | null {
  let value = 0;
  let i = 0;
  const hundred = HUNDREDS[words[i] ?? ''];
  if (hundred !== undefined) {
    value += hundred;
    i++;
    // "cien" stands alone; "ciento" needs what follows.
    if (words[0] === 'cien' && i < words.length) return null;
  }
  const tens = TENS[words[i] ?? ''];
  if (tens !== undefined) {
    value += tens;
    i++;
    if (words[i] === 'y') {
      const unit = UNITS[words[i + 1] ?? ''];
      if (unit === undefined || unit < 1 || unit > 9) return null;
      value += unit;
      i += 2;
    }
  } else {
    const unit = UNITS[words[i] ?? ''];
    if (unit !== undefined) {
      value += unit;
      i++;
    }
  }
  if (words[0] === 'ciento' && value === 100) return null;
  return i === words.length && i > 0 ? value : null;
}

/**
 * The value of a number said in words (lower case, accents removed, one word per entry), or null
 * when the words are not one number: ["dos", "mil", "veinte"] → 2020, ["mil"] → 1000.
 */
export function numberOfWords(words: readonly string[]): number | null {
  if (words.length === 0) return null;
  const thousand = words.indexOf('mil');
  if (thousand === -1) return belowThousand(words);
  const before = words.slice(0, thousand);
  const after = words.slice(thousand + 1);
  const thousands = before.length === 0 ? 1 : belowThousand(before);
  if (thousands === null || thousands === 0 || (before.length === 1 && before[0] === 'uno')) {
    return null;
  }
  if (after.length === 0) return thousands * 1000;
  const rest = belowThousand(after);
  return rest === null ? null : thousands * 1000 + rest;
}

/** The value of a number written in digits the Spanish way ("3", "1.500", "2,5"), or null. */
export function numberOfDigits(text: string): number | null {
  if (!/^\d{1,3}(?:\.\d{3})*(?:,\d+)?$|^\d+(?:,\d+)?$/u.test(text)) return null;
  return Number(text.replaceAll('.', '').replace(',', '.'));
}

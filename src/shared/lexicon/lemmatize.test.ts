import { describe, expect, it } from 'vitest';
import {
  getLexicon,
  glossText,
  isTopWord,
  lemmaCandidates,
  lookupWord,
  normalizeWord,
  splitSenses,
} from './index.ts';
import { irregularVerbs } from './irregular.ts';

/** Inflected form → expected lemma, resolved through lookupWord. */
const FORMS: Array<[string, string]> = [
  // regular -ar: every tense
  ['hablo', 'hablar'],
  ['hablas', 'hablar'],
  ['habla', 'hablar'],
  ['hablamos', 'hablar'],
  ['habláis', 'hablar'],
  ['hablan', 'hablar'],
  ['hablé', 'hablar'],
  ['hablaste', 'hablar'],
  ['habló', 'hablar'],
  ['hablasteis', 'hablar'],
  ['hablaron', 'hablar'],
  ['hablaba', 'hablar'],
  ['hablábamos', 'hablar'],
  ['hablaban', 'hablar'],
  ['hablaré', 'hablar'],
  ['hablarás', 'hablar'],
  ['hablaremos', 'hablar'],
  ['hablaría', 'hablar'],
  ['hablaríamos', 'hablar'],
  ['hable', 'hablar'],
  ['hablemos', 'hablar'],
  ['hablen', 'hablar'],
  ['hablara', 'hablar'],
  ['habláramos', 'hablar'],
  ['hablase', 'hablar'],
  ['hablad', 'hablar'],
  ['hablando', 'hablar'],
  ['hablado', 'hablar'],
  ['cantaban', 'cantar'],
  ['esperaré', 'esperar'],
  ['alquilarían', 'alquilar'],
  ['acompañara', 'acompañar'],
  ['dibujadas', 'dibujar'],
  // regular -er
  ['como', 'como'],
  ['comes', 'comer'],
  ['comemos', 'comer'],
  ['comí', 'comer'],
  ['comiste', 'comer'],
  ['comió', 'comer'],
  ['comieron', 'comer'],
  ['comía', 'comer'],
  ['comeremos', 'comer'],
  ['comerían', 'comer'],
  ['coma', 'comer'],
  ['comáis', 'comer'],
  ['comiera', 'comer'],
  ['comiésemos', 'comer'],
  ['comiendo', 'comer'],
  ['comido', 'comer'],
  ['comidos', 'comer'],
  ['aprendemos', 'aprender'],
  ['vendieron', 'vender'],
  ['desaparecieran', 'desaparecer'],
  // regular -ir
  ['vivo', 'vivo'],
  ['vives', 'vivir'],
  ['vivimos', 'vivir'],
  ['vivís', 'vivir'],
  ['viven', 'vivir'],
  ['viví', 'vivir'],
  ['vivió', 'vivir'],
  ['vivían', 'vivir'],
  ['viviré', 'vivir'],
  ['viviría', 'vivir'],
  ['vivamos', 'vivir'],
  ['viviéramos', 'vivir'],
  ['viviendo', 'vivir'],
  ['vivido', 'vivir'],
  ['escriben', 'escribir'],
  ['abrieron', 'abrir'],
  ['subió', 'subir'],
  ['aplauden', 'aplaudir'],
  // irregular verbs
  ['soy', 'ser'],
  ['eres', 'ser'],
  ['es', 'ser'],
  ['somos', 'ser'],
  ['son', 'ser'],
  ['fui', 'ser'],
  ['fue', 'ser'],
  ['fueron', 'ser'],
  ['era', 'ser'],
  ['eran', 'ser'],
  ['sea', 'ser'],
  ['fuéramos', 'ser'],
  ['sido', 'ser'],
  ['voy', 'ir'],
  ['vas', 'ir'],
  ['va', 'ir'],
  ['vamos', 'ir'],
  ['van', 'ir'],
  ['iba', 'ir'],
  ['íbamos', 'ir'],
  ['vaya', 'ir'],
  ['iré', 'ir'],
  ['yendo', 'ir'],
  ['estoy', 'estar'],
  ['está', 'estar'],
  ['estuvo', 'estar'],
  ['estuvieron', 'estar'],
  ['esté', 'estar'],
  ['tengo', 'tener'],
  ['tienes', 'tener'],
  ['tuvo', 'tener'],
  ['tendré', 'tener'],
  ['tendría', 'tener'],
  ['tuviera', 'tener'],
  ['tenga', 'tener'],
  ['mantuvo', 'mantener'],
  ['obtendrá', 'obtener'],
  ['hice', 'hacer'],
  ['hizo', 'hacer'],
  ['haré', 'hacer'],
  ['haga', 'hacer'],
  ['haz', 'hacer'],
  ['hago', 'hacer'],
  ['digo', 'decir'],
  ['dice', 'decir'],
  ['dije', 'decir'],
  ['dijo', 'decir'],
  ['dirá', 'decir'],
  ['dijera', 'decir'],
  ['diciendo', 'decir'],
  ['dicho', 'decir'],
  ['puedo', 'poder'],
  ['pude', 'poder'],
  ['pudo', 'poder'],
  ['podrá', 'poder'],
  ['podría', 'poder'],
  ['pudiendo', 'poder'],
  ['quiero', 'querer'],
  ['quise', 'querer'],
  ['quiso', 'querer'],
  ['querrá', 'querer'],
  ['quisiera', 'querer'],
  ['vengo', 'venir'],
  ['viene', 'venir'],
  ['vine', 'venir'],
  ['vendrá', 'venir'],
  ['viniendo', 'venir'],
  ['pongo', 'poner'],
  ['puse', 'poner'],
  ['puso', 'poner'],
  ['pondrá', 'poner'],
  ['puesto', 'poner'],
  ['propuso', 'proponer'],
  ['supuso', 'suponer'],
  ['salgo', 'salir'],
  ['saldré', 'salir'],
  ['sé', 'saber'],
  ['supe', 'saber'],
  ['sabrá', 'saber'],
  ['sepa', 'saber'],
  ['veo', 'ver'],
  ['vi', 'ver'],
  ['vio', 'ver'],
  ['veía', 'ver'],
  ['visto', 'ver'],
  ['doy', 'dar'],
  ['di', 'dar'],
  ['dio', 'dar'],
  ['dé', 'dar'],
  ['dieron', 'dar'],
  ['hay', 'haber'],
  ['he', 'haber'],
  ['ha', 'haber'],
  ['había', 'haber'],
  ['habrá', 'haber'],
  ['haya', 'haber'],
  ['hubo', 'haber'],
  ['hubiera', 'haber'],
  ['traigo', 'traer'],
  ['trajo', 'traer'],
  ['oigo', 'oír'],
  ['oyó', 'oír'],
  ['oye', 'oír'],
  ['quepo', 'caber'],
  ['cupo', 'caber'],
  ['valgo', 'valer'],
  ['valdrá', 'valer'],
  ['anduvo', 'andar'],
  ['conduje', 'conducir'],
  ['produjo', 'producir'],
  ['tradujeron', 'traducir'],
  ['conduzco', 'conducir'],
  ['construyo', 'construir'],
  ['construyó', 'construir'],
  ['incluye', 'incluir'],
  ['huyendo', 'huir'],
  ['caigo', 'caer'],
  ['cayó', 'caer'],
  ['leyó', 'leer'],
  ['leyendo', 'leer'],
  ['creyó', 'creer'],
  ['río', 'río'],
  ['ríe', 'reír'],
  ['rio', 'reír'],
  ['riendo', 'reír'],
  ['sonríe', 'sonreír'],
  ['huele', 'oler'],
  ['escrito', 'escribir'],
  ['descubierto', 'descubrir'],
  ['vuelto', 'volver'],
  ['devuelto', 'devolver'],
  ['resuelto', 'resolver'],
  ['roto', 'roto'],
  ['rompió', 'romper'],
  ['murió', 'morir'],
  ['hecha', 'hacer'],
  ['satisfecho', 'satisfecho'],
  // stem-changing verbs
  ['piensa', 'pensar'],
  ['empieza', 'empezar'],
  ['empiece', 'empezar'],
  ['entiendo', 'entender'],
  ['cierra', 'cerrar'],
  ['prefiero', 'preferir'],
  ['siento', 'sentir'],
  ['sintió', 'sentir'],
  ['sintiendo', 'sentir'],
  ['puede', 'poder'],
  ['vuelve', 'volver'],
  ['cuesta', 'costar'],
  ['recuerdo', 'recuerdo'],
  ['recuerda', 'recordar'],
  ['duermo', 'dormir'],
  ['durmió', 'dormir'],
  ['durmiendo', 'dormir'],
  ['muestran', 'mostrar'],
  ['llueve', 'llover'],
  ['duelen', 'doler'],
  ['juega', 'jugar'],
  ['juegan', 'jugar'],
  ['pido', 'pedir'],
  ['pidió', 'pedir'],
  ['sirve', 'servir'],
  ['repite', 'repetir'],
  ['sigue', 'seguir'],
  ['consigue', 'conseguir'],
  ['elijo', 'elegir'],
  ['eligió', 'elegir'],
  ['mide', 'medir'],
  ['adquiere', 'adquirir'],
  // spelling changes
  ['busqué', 'buscar'],
  ['busque', 'buscar'],
  ['llegué', 'llegar'],
  ['pagué', 'pagar'],
  ['empecé', 'empezar'],
  ['almorcé', 'almorzar'],
  ['toque', 'tocar'],
  ['conozco', 'conocer'],
  ['parezca', 'parecer'],
  ['ofrezco', 'ofrecer'],
  ['sigo', 'seguir'],
  ['escojo', 'escoger'],
  ['recojo', 'recoger'],
  ['dirijo', 'dirigir'],
  ['venzo', 'vencer'],
  ['envío', 'enviar'],
  ['continúa', 'continuar'],
  ['reúne', 'reunir'],
  ['averigüé', 'averiguar'],
  // enclitic pronouns
  ['dímelo', 'decir'],
  ['dime', 'decir'],
  ['hazlo', 'hacer'],
  ['ponte', 'poner'],
  ['vete', 'ir'],
  ['vámonos', 'ir'],
  ['levantarse', 'levantar'],
  ['levántate', 'levantar'],
  ['comiéndolo', 'comer'],
  ['riéndose', 'reír'],
  ['piénsalo', 'pensar'],
  ['ayudarme', 'ayudar'],
  ['dejarla', 'dejar'],
  ['escaparse', 'escapar'],
  ['dámelo', 'dar'],
  ['siéntese', 'sentar'],
  ['dígame', 'decir'],
  ['sentaos', 'sentar'],
  ['decírselo', 'decir'],
  ['mirándola', 'mirar'],
  // plurals and accents
  ['casas', 'casa'],
  ['días', 'día'],
  ['ciudades', 'ciudad'],
  ['flores', 'flor'],
  ['meses', 'mes'],
  ['veces', 'vez'],
  ['luces', 'luz'],
  ['voces', 'voz'],
  ['felices', 'feliz'],
  ['canciones', 'canción'],
  ['estaciones', 'estación'],
  ['jóvenes', 'joven'],
  ['exámenes', 'examen'],
  ['imágenes', 'imagen'],
  ['árboles', 'árbol'],
  ['autobuses', 'autobús'],
  ['ingleses', 'inglés'],
  ['jardines', 'jardín'],
  ['países', 'país'],
  ['leyes', 'ley'],
  ['paredes', 'pared'],
  ['lunes', 'lunes'],
  ['paraguas', 'paraguas'],
  // gender
  ['roja', 'rojo'],
  ['blancas', 'blanco'],
  ['pequeños', 'pequeño'],
  ['nueva', 'nuevo'],
  ['nerviosa', 'nervioso'],
  ['trabajadora', 'trabajador'],
  ['profesoras', 'profesor'],
  ['inglesa', 'inglés'],
  ['alemana', 'alemán'],
  ['amiga', 'amigo'],
  ['vecinas', 'vecino'],
  ['nosotras', 'nosotros'],
  ['algunas', 'alguno'],
  ['mía', 'mío'],
  ['doscientas', 'doscientos'],
  // determiners, short forms, derived words
  ['algún', 'alguno'],
  ['buen', 'bueno'],
  ['gran', 'grande'],
  ['mis', 'mi'],
  ['sus', 'su'],
  ['gatitos', 'gato'],
  ['casita', 'casa'],
  ['poquito', 'poco'],
  ['cafecito', 'café'],
  ['muchísimo', 'mucho'],
  ['rapidísimo', 'rápido'],
  ['lentamente', 'lentamente'],
  ['tristemente', 'triste'],
  ['sinceramente', 'sincero'],
  // spelling leniency
  ['Canción,', 'canción'],
  ['¿Dónde?', 'dónde'],
  ['cancion', 'canción'],
];

describe('lookupWord on inflected forms', () => {
  it.each(FORMS)('%s → %s', (form, lemma) => {
    expect(lookupWord(form)?.lemma).toBe(lemma);
  });

  it('describes the inflection it undid', () => {
    expect(lookupWord('hablábamos')?.form).toBe('imperfect: we');
    expect(lookupWord('casas')?.form).toBe('plural');
    expect(lookupWord('roja')?.form).toBe('feminine');
    expect(lookupWord('casa')?.form).toBeUndefined();
    expect(lookupWord('levantarse')?.form).toBe('infinitive + se');
  });

  it('requires a verb for a conjugated form (trabaja is not the noun trabajo)', () => {
    expect(lookupWord('trabaja')).toMatchObject({ lemma: 'trabajar', pos: 'verb' });
    expect(lookupWord('gusta')).toMatchObject({ lemma: 'gustar', pos: 'verb' });
    expect(lookupWord('cambia')).toMatchObject({ lemma: 'cambiar', pos: 'verb' });
    expect(lookupWord('trabajo')).toMatchObject({ lemma: 'trabajo', pos: 'noun' });
  });

  it('offers the other reading of an ambiguous form', () => {
    const fue = lookupWord('fue');
    expect(fue?.lemma).toBe('ser');
    expect(fue?.also?.map((a) => a.lemma)).toContain('ir');
  });

  it('takes a context hint', () => {
    expect(lookupWord('vino')?.lemma).toBe('venir');
    expect(lookupWord('vino', { prefer: 'noun' })).toMatchObject({ lemma: 'vino', pos: 'noun' });
    expect(lookupWord('cuenta', { prefer: 'verb' })?.lemma).toBe('contar');
  });

  it('turns a -mente adverb into English', () => {
    expect(lookupWord('tristemente')).toMatchObject({ pos: 'adv', en: 'sadly' });
    expect(lookupWord('fácilmente')?.en).toBe('easily');
  });

  it('returns null for names, rare words and empty input', () => {
    expect(lookupWord('Pablo')).toBeNull();
    expect(lookupWord('xilófono')).toBeNull();
    expect(lookupWord('')).toBeNull();
    expect(lookupWord('¡!')).toBeNull();
    expect(lookupWord('42')).toBeNull();
  });
});

describe('every regular verb of the lexicon', () => {
  const endings: Record<string, string[]> = {
    ar: ['ábamos', 'aron', 'aré', 'aríamos', 'ando', 'aran'],
    er: ['íamos', 'ieron', 'eré', 'eríamos', 'iendo', 'ieran'],
    ir: ['íamos', 'ieron', 'iré', 'iríamos', 'iendo', 'ieran'],
  };

  it('comes back from its imperfect, preterite, future, conditional, gerund and subjunctive', () => {
    const irregular = irregularVerbs();
    const wrong: string[] = [];
    for (const e of getLexicon()) {
      const m = /^(.+)(ar|er|ir)$/.exec(e.lemma);
      if (e.pos !== 'verb' || !m || irregular.has(e.lemma)) continue;
      for (const ending of endings[m[2] as string] ?? []) {
        const form = `${m[1]}${ending}`;
        const got = lookupWord(form)?.lemma;
        if (got !== e.lemma) wrong.push(`${form} → ${got}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('lemmaCandidates', () => {
  it('normalises and starts with the word itself', () => {
    expect(normalizeWord('¿Canción?')).toBe('canción');
    expect(lemmaCandidates('«Niños»,')[0]).toBe('niños');
  });

  it('proposes lemmas without the lexicon', () => {
    expect(lemmaCandidates('canciones')).toContain('canción');
    expect(lemmaCandidates('quiero')).toContain('querer');
    expect(lemmaCandidates('juega')).toContain('jugar');
    expect(lemmaCandidates('busqué')).toContain('buscar');
    expect(lemmaCandidates('dímelo')).toContain('decir');
    // an invented verb is still analysed
    expect(lemmaCandidates('blorpaban')).toContain('blorpar');
  });

  it('is empty for text without letters', () => {
    expect(lemmaCandidates('...')).toEqual([]);
  });
});

describe('glossText', () => {
  it('glosses word by word and skips punctuation', () => {
    const { tokens, summary } = glossText('La casa roja.');
    expect(tokens.map((t) => t.text)).toEqual(['La', 'casa', 'roja']);
    expect(tokens[1]).toMatchObject({ lemma: 'casa', en: 'house, home' });
    expect(tokens[2]).toMatchObject({ lemma: 'rojo', form: 'feminine' });
    expect(summary).toBe('La (the) · casa (house) · roja (red)');
  });

  it('keeps unknown words (names) without a gloss', () => {
    const { tokens, summary } = glossText('Pablo espera el autobús.');
    expect(tokens[0]).toEqual({ text: 'Pablo' });
    expect(tokens[1]?.lemma).toBe('esperar');
    expect(summary).toBe('Pablo · espera (to wait) · el (the) · autobús (bus)');
  });

  it('uses the word before as a hint', () => {
    expect(glossText('una copa de vino').tokens[3]?.lemma).toBe('vino');
    expect(glossText('Elena vino ayer').tokens[1]?.lemma).toBe('venir');
    expect(glossText('Le cuenta una historia').tokens[1]?.lemma).toBe('contar');
    expect(glossText('por la tarde').tokens[2]).toMatchObject({ lemma: 'tarde', pos: 'noun' });
    expect(glossText('No pasa nada').tokens[1]?.lemma).toBe('pasar');
    expect(glossText('—¿Es suyo? —pregunta Pablo.').tokens[2]?.lemma).toBe('preguntar');
  });

  it('recognises multi-word expressions', () => {
    const { tokens, summary } = glossText('Sin embargo, tengo que irme.');
    expect(tokens[0]?.phrase).toEqual({ text: 'Sin embargo', en: 'however, nevertheless' });
    expect(tokens[3]?.phrase?.en).toBe('to have to');
    expect(tokens[4]).toMatchObject({ lemma: 'ir', form: 'infinitive + me' });
    expect(summary).toBe(
      'Sin embargo (however, nevertheless) · tengo que (to have to) · irme (to go)',
    );
  });

  it('handles empty and letterless text', () => {
    expect(glossText('')).toEqual({ tokens: [], summary: '' });
    expect(glossText('— ¡¿…?! 123')).toEqual({ tokens: [], summary: '' });
  });
});

describe('isTopWord', () => {
  it('is true for any form of a lexicon word', () => {
    for (const w of ['casa', 'casas', 'hablábamos', 'fue', 'Roja', 'dímelo']) {
      expect(isTopWord(w)).toBe(true);
    }
  });

  it('is false for names and rare words', () => {
    for (const w of ['Pablo', 'cruasán', 'otorrinolaringólogo', '']) {
      expect(isTopWord(w)).toBe(false);
    }
  });
});

describe('the lexicon', () => {
  const lexicon = getLexicon();

  it('has at least 1,900 unique lemmas', () => {
    expect(new Set(lexicon.map((e) => e.lemma)).size).toBeGreaterThanOrEqual(1900);
  });

  it('has no duplicate lemma + part of speech', () => {
    const seen = new Set<string>();
    const duplicates = lexicon
      .map((e) => `${e.lemma}/${e.pos}`)
      .filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
    expect(duplicates).toEqual([]);
  });

  it('has a short English meaning of 1–4 senses for every entry', () => {
    const bad = lexicon.filter((e) => {
      const senses = splitSenses(e.en);
      return (
        !e.en.trim() ||
        e.en.length > 60 ||
        senses.length < 1 ||
        senses.length > 4 ||
        senses.some((s) => !s)
      );
    });
    expect(bad).toEqual([]);
  });

  it('covers the function words, clitics and contractions', () => {
    const lemmas = new Set(lexicon.map((e) => e.lemma));
    for (const w of 'el la los las un una me te se lo le nos os les al del de en con por para y o pero que'.split(
      ' ',
    )) {
      expect(lemmas.has(w), w).toBe(true);
    }
  });

  it('gives nouns a gender where the noun has one', () => {
    expect(lexicon.find((e) => e.lemma === 'casa' && e.pos === 'noun')?.gender).toBe('f');
    expect(lexicon.find((e) => e.lemma === 'libro' && e.pos === 'noun')?.gender).toBe('m');
  });
});

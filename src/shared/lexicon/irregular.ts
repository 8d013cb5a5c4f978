// Irregular verb forms, generated once from principal parts. Regular forms of these verbs are
// left to the rules in lemmatize.ts; the table only needs what those rules cannot derive, but it
// lists whole tenses where that is clearer.

export type Tense =
  | 'present'
  | 'preterite'
  | 'imperfect'
  | 'future'
  | 'conditional'
  | 'present subjunctive'
  | 'imperfect subjunctive'
  | 'imperative'
  | 'gerund'
  | 'past participle'
  | 'infinitive';

/** English labels for yo, tú, él/ella/usted, nosotros, vosotros, ellos/ustedes. */
export const PERSONS = ['I', 'you', 'he/she', 'we', 'you (pl.)', 'they'] as const;

/** How likely a tense is when a form could be several (sé: saber before ser's imperative). */
export const TENSE_ORDER: Record<Tense, number> = {
  present: 0,
  infinitive: 0,
  preterite: 1,
  gerund: 1,
  imperfect: 2,
  'past participle': 2,
  future: 3,
  imperative: 4,
  conditional: 4,
  'present subjunctive': 5,
  'imperfect subjunctive': 6,
};

export interface VerbForm {
  lemma: string;
  tense: Tense;
  /** Indexes into PERSONS; empty for non-finite forms. */
  persons: number[];
}

interface Spec {
  inf: string;
  /** Six space-separated forms (yo … ellos); '-' leaves a slot to the regular rules. */
  pres?: string;
  pret?: string;
  impf?: string;
  /** Six forms, or one stem to which -a, -as, -a, -amos, -áis, -an are added. */
  subj?: string;
  /** Future and conditional stem (tendr-). */
  fut?: string;
  /** Tú imperative(s), space-separated. */
  imp?: string;
  ger?: string;
  /** Past participle(s), masculine singular, space-separated. */
  part?: string;
  /** Prefixed verbs conjugated the same way (mantener, obtener …). */
  prefixes?: string;
  /** Extra forms as `form:tense:persons`, e.g. `hay:present:2`. */
  extra?: string;
}

const SPECS: Spec[] = [
  {
    inf: 'ser',
    pres: 'soy eres es somos sois son',
    pret: 'fui fuiste fue fuimos fuisteis fueron',
    impf: 'era eras era éramos erais eran',
    subj: 'sea seas sea seamos seáis sean',
    fut: 'ser',
    imp: 'sé',
    ger: 'siendo',
    part: 'sido',
  },
  {
    inf: 'ir',
    pres: 'voy vas va vamos vais van',
    pret: 'fui fuiste fue fuimos fuisteis fueron',
    impf: 'iba ibas iba íbamos ibais iban',
    subj: 'vaya vayas vaya vayamos vayáis vayan',
    fut: 'ir',
    imp: 've',
    ger: 'yendo',
    part: 'ido',
    extra: 'id:imperative:4 vamos:imperative:3',
  },
  {
    inf: 'estar',
    pres: 'estoy estás está estamos estáis están',
    pret: 'estuve estuviste estuvo estuvimos estuvisteis estuvieron',
    subj: 'esté estés esté estemos estéis estén',
    imp: 'está',
    ger: 'estando',
    part: 'estado',
  },
  {
    inf: 'haber',
    pres: 'he has ha hemos habéis han',
    pret: 'hube hubiste hubo hubimos hubisteis hubieron',
    subj: 'haya hayas haya hayamos hayáis hayan',
    fut: 'habr',
    part: 'habido',
    extra: 'hay:present:2',
  },
  {
    inf: 'tener',
    pres: 'tengo tienes tiene tenemos tenéis tienen',
    pret: 'tuve tuviste tuvo tuvimos tuvisteis tuvieron',
    subj: 'teng',
    fut: 'tendr',
    imp: 'ten',
    prefixes: 'man ob de con sos re',
  },
  {
    inf: 'hacer',
    pres: 'hago haces hace hacemos hacéis hacen',
    pret: 'hice hiciste hizo hicimos hicisteis hicieron',
    subj: 'hag',
    fut: 'har',
    imp: 'haz',
    part: 'hecho',
    prefixes: 'des re',
  },
  {
    inf: 'satisfacer',
    pres: 'satisfago satisfaces satisface satisfacemos satisfacéis satisfacen',
    pret: 'satisfice satisficiste satisfizo satisficimos satisficisteis satisficieron',
    subj: 'satisfag',
    fut: 'satisfar',
    imp: 'satisfaz satisface',
    part: 'satisfecho',
  },
  {
    inf: 'decir',
    pres: 'digo dices dice decimos decís dicen',
    pret: 'dije dijiste dijo dijimos dijisteis dijeron',
    subj: 'dig',
    fut: 'dir',
    imp: 'di',
    ger: 'diciendo',
    part: 'dicho',
  },
  {
    inf: 'predecir',
    pres: 'predigo predices predice predecimos predecís predicen',
    pret: 'predije predijiste predijo predijimos predijisteis predijeron',
    subj: 'predig',
    fut: 'predir',
    imp: 'predice',
    ger: 'prediciendo',
    part: 'predicho',
  },
  {
    inf: 'bendecir',
    pres: 'bendigo bendices bendice bendecimos bendecís bendicen',
    pret: 'bendije bendijiste bendijo bendijimos bendijisteis bendijeron',
    subj: 'bendig',
    imp: 'bendice',
    ger: 'bendiciendo',
    part: 'bendecido bendito',
  },
  {
    inf: 'poder',
    pres: 'puedo puedes puede podemos podéis pueden',
    pret: 'pude pudiste pudo pudimos pudisteis pudieron',
    subj: 'pueda puedas pueda podamos podáis puedan',
    fut: 'podr',
    ger: 'pudiendo',
  },
  {
    inf: 'querer',
    pres: 'quiero quieres quiere queremos queréis quieren',
    pret: 'quise quisiste quiso quisimos quisisteis quisieron',
    subj: 'quiera quieras quiera queramos queráis quieran',
    fut: 'querr',
    imp: 'quiere',
  },
  {
    inf: 'venir',
    pres: 'vengo vienes viene venimos venís vienen',
    pret: 'vine viniste vino vinimos vinisteis vinieron',
    subj: 'veng',
    fut: 'vendr',
    imp: 'ven',
    ger: 'viniendo',
    prefixes: 'con inter pre pro',
  },
  {
    inf: 'poner',
    pres: 'pongo pones pone ponemos ponéis ponen',
    pret: 'puse pusiste puso pusimos pusisteis pusieron',
    subj: 'pong',
    fut: 'pondr',
    imp: 'pon',
    part: 'puesto',
    prefixes: 'pro su com dis ex im o re pos',
  },
  {
    inf: 'salir',
    pres: 'salgo sales sale salimos salís salen',
    subj: 'salg',
    fut: 'saldr',
    imp: 'sal',
  },
  {
    inf: 'saber',
    pres: 'sé sabes sabe sabemos sabéis saben',
    pret: 'supe supiste supo supimos supisteis supieron',
    subj: 'sepa sepas sepa sepamos sepáis sepan',
    fut: 'sabr',
  },
  {
    inf: 'caber',
    pres: 'quepo cabes cabe cabemos cabéis caben',
    pret: 'cupe cupiste cupo cupimos cupisteis cupieron',
    subj: 'quep',
    fut: 'cabr',
  },
  {
    inf: 'ver',
    pres: 'veo ves ve vemos veis ven',
    pret: 'vi viste vio vimos visteis vieron',
    impf: 'veía veías veía veíamos veíais veían',
    subj: 'vea veas vea veamos veáis vean',
    imp: 've',
    ger: 'viendo',
    part: 'visto',
    prefixes: 'pre',
  },
  {
    inf: 'dar',
    pres: 'doy das da damos dais dan',
    pret: 'di diste dio dimos disteis dieron',
    subj: 'dé des dé demos deis den',
    imp: 'da',
    ger: 'dando',
    part: 'dado',
  },
  {
    inf: 'traer',
    pres: 'traigo traes trae traemos traéis traen',
    pret: 'traje trajiste trajo trajimos trajisteis trajeron',
    subj: 'traig',
    ger: 'trayendo',
    part: 'traído',
    prefixes: 'a dis con ex',
  },
  {
    inf: 'caer',
    pres: 'caigo caes cae caemos caéis caen',
    pret: 'caí caíste cayó caímos caísteis cayeron',
    subj: 'caig',
    ger: 'cayendo',
    part: 'caído',
  },
  {
    inf: 'oír',
    pres: 'oigo oyes oye oímos oís oyen',
    pret: 'oí oíste oyó oímos oísteis oyeron',
    impf: 'oía oías oía oíamos oíais oían',
    subj: 'oig',
    fut: 'oir',
    imp: 'oye',
    ger: 'oyendo',
    part: 'oído',
  },
  {
    inf: 'valer',
    pres: 'valgo vales vale valemos valéis valen',
    subj: 'valg',
    fut: 'valdr',
  },
  {
    inf: 'andar',
    pret: 'anduve anduviste anduvo anduvimos anduvisteis anduvieron',
  },
  {
    inf: 'leer',
    pret: 'leí leíste leyó leímos leísteis leyeron',
    ger: 'leyendo',
    part: 'leído',
  },
  {
    inf: 'reír',
    pres: 'río ríes ríe reímos reís ríen',
    pret: 'reí reíste rio reímos reísteis rieron',
    impf: 'reía reías reía reíamos reíais reían',
    subj: 'ría rías ría riamos riais rían',
    fut: 'reir',
    imp: 'ríe',
    ger: 'riendo',
    part: 'reído',
    prefixes: 'son',
    extra: 'rió:preterite:2',
  },
  {
    inf: 'freír',
    pres: 'frío fríes fríe freímos freís fríen',
    pret: 'freí freíste frio freímos freísteis frieron',
    subj: 'fría frías fría friamos friais frían',
    fut: 'freir',
    imp: 'fríe',
    ger: 'friendo',
    part: 'frito freído',
  },
  {
    inf: 'oler',
    pres: 'huelo hueles huele olemos oléis huelen',
    subj: 'huela huelas huela olamos oláis huelan',
    imp: 'huele',
  },
  {
    inf: 'dormir',
    pres: 'duermo duermes duerme dormimos dormís duermen',
    pret: 'dormí dormiste durmió dormimos dormisteis durmieron',
    subj: 'duerma duermas duerma durmamos durmáis duerman',
    imp: 'duerme',
    ger: 'durmiendo',
  },
  {
    inf: 'morir',
    pres: 'muero mueres muere morimos morís mueren',
    pret: 'morí moriste murió morimos moristeis murieron',
    subj: 'muera mueras muera muramos muráis mueran',
    imp: 'muere',
    ger: 'muriendo',
    part: 'muerto',
  },
  {
    inf: 'sentir',
    pret: 'sentí sentiste sintió sentimos sentisteis sintieron',
    ger: 'sintiendo',
  },
  {
    inf: 'pedir',
    pres: 'pido pides pide pedimos pedís piden',
    pret: 'pedí pediste pidió pedimos pedisteis pidieron',
    subj: 'pida pidas pida pidamos pidáis pidan',
    imp: 'pide',
    ger: 'pidiendo',
  },
  {
    inf: 'seguir',
    pres: 'sigo sigues sigue seguimos seguís siguen',
    pret: 'seguí seguiste siguió seguimos seguisteis siguieron',
    subj: 'siga sigas siga sigamos sigáis sigan',
    imp: 'sigue',
    ger: 'siguiendo',
    prefixes: 'con per',
  },
  {
    inf: 'volver',
    pres: 'vuelvo vuelves vuelve volvemos volvéis vuelven',
    subj: 'vuelva vuelvas vuelva volvamos volváis vuelvan',
    imp: 'vuelve',
    part: 'vuelto',
    prefixes: 'de en',
  },
  {
    inf: 'resolver',
    pres: 'resuelvo resuelves resuelve resolvemos resolvéis resuelven',
    subj: 'resuelva resuelvas resuelva resolvamos resolváis resuelvan',
    part: 'resuelto',
  },
  {
    inf: 'jugar',
    pres: 'juego juegas juega jugamos jugáis juegan',
    pret: 'jugué jugaste jugó jugamos jugasteis jugaron',
    subj: 'juegue juegues juegue juguemos juguéis jueguen',
    imp: 'juega',
  },
  { inf: 'escribir', part: 'escrito', prefixes: 'de ins' },
  { inf: 'abrir', part: 'abierto' },
  { inf: 'cubrir', part: 'cubierto', prefixes: 'des' },
  { inf: 'romper', part: 'roto' },
  { inf: 'imprimir', part: 'impreso' },
];

/** Forms whose dictionary reading usually wins (sal = salt, río = river, traje = suit …). */
export const DICTIONARY_FIRST = new Set([
  'sal',
  'río',
  'frío',
  'fría',
  'frías',
  'traje',
  'fuera',
  'vale',
  'vela',
  'cupo',
]);

const SUBJ_ENDINGS = ['a', 'as', 'a', 'amos', 'áis', 'an'];
const FUT_ENDINGS = ['é', 'ás', 'á', 'emos', 'éis', 'án'];
const COND_ENDINGS = ['ía', 'ías', 'ía', 'íamos', 'íais', 'ían'];
const ACUTE: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' };

function accentLastVowel(s: string): string {
  for (let i = s.length - 1; i >= 0; i--) {
    const acute = ACUTE[s[i] as string];
    if (acute) return s.slice(0, i) + acute + s.slice(i + 1);
  }
  return s;
}

/** A one-syllable form gains a written accent behind a prefix: ten → detén, vio → previó. */
function withPrefix(prefix: string, form: string): string {
  if (!prefix) return form;
  const groups = form.match(/[aeiouáéíóú]+/g) ?? [];
  if (groups.length === 1 && /[aeiouns]$/.test(form) && !/[áéíóú]/.test(form)) {
    const nucleus = groups[0] as string;
    const strong = nucleus.search(/[aeo]/);
    const at = form.indexOf(nucleus) + (strong >= 0 ? strong : nucleus.length - 1);
    return (
      prefix + form.slice(0, at) + (ACUTE[form[at] as string] ?? form[at]) + form.slice(at + 1)
    );
  }
  return prefix + form;
}

function six(forms: string | undefined): string[] | undefined {
  if (!forms) return undefined;
  const list = forms.split(' ');
  return list.length === 6 ? list : undefined;
}

function conjugate(spec: Spec, prefix: string): Array<[string, VerbForm]> {
  const lemma = prefix + spec.inf;
  const out: Array<[string, VerbForm]> = [];
  const add = (form: string, tense: Tense, persons: number[]) => {
    if (form && form !== '-') out.push([withPrefix(prefix, form), { lemma, tense, persons }]);
  };
  const addSix = (forms: string[] | undefined, tense: Tense) =>
    forms?.forEach((f, i) => add(f, tense, [i]));

  add(spec.inf, 'infinitive', []);
  addSix(six(spec.pres), 'present');
  const pret = six(spec.pret);
  addSix(pret, 'preterite');
  addSix(six(spec.impf), 'imperfect');
  const subj = six(spec.subj) ?? (spec.subj ? SUBJ_ENDINGS.map((e) => spec.subj + e) : undefined);
  addSix(subj, 'present subjunctive');
  if (spec.fut) {
    addSix(
      FUT_ENDINGS.map((e) => spec.fut + e),
      'future',
    );
    addSix(
      COND_ENDINGS.map((e) => spec.fut + e),
      'conditional',
    );
  }
  const pret3p = pret?.[5];
  if (pret3p?.endsWith('ron')) {
    const base = pret3p.slice(0, -3);
    for (const [ra, ramos] of [
      ['ra', 'ramos'],
      ['se', 'semos'],
    ] as const) {
      addSix(
        [
          base + ra,
          base + ra + 's',
          base + ra,
          accentLastVowel(base) + ramos,
          base + (ra === 'ra' ? 'rais' : 'seis'),
          base + ra + 'n',
        ],
        'imperfect subjunctive',
      );
    }
  }
  for (const imp of spec.imp?.split(' ') ?? []) add(imp, 'imperative', [1]);
  if (spec.ger) add(spec.ger, 'gerund', []);
  for (const part of spec.part?.split(' ') ?? []) {
    add(part, 'past participle', []);
    const stem = part.slice(0, -1);
    for (const ending of ['a', 'os', 'as']) add(stem + ending, 'past participle', []);
  }
  for (const item of spec.extra?.split(' ') ?? []) {
    const [form, tense, persons] = item.split(':');
    if (form && tense) add(form, tense as Tense, persons ? persons.split(',').map(Number) : []);
  }
  return out;
}

/** Infinitives the table conjugates, prefixed ones included (mantener, proponer …). */
export function irregularVerbs(): Set<string> {
  return new Set(
    SPECS.flatMap((spec) =>
      ['', ...(spec.prefixes?.split(' ') ?? [])].map((prefix) => prefix + spec.inf),
    ),
  );
}

let table: Map<string, VerbForm[]> | undefined;
let tenses: Set<string> | undefined;

/** `lemma|tense` for every tense the table lists in full (the rules must not add to it). */
export function irregularTenses(): Set<string> {
  if (tenses) return tenses;
  const set = new Set<string>();
  for (const spec of SPECS) {
    const listed: Tense[] = [];
    if (spec.pres) listed.push('present');
    if (spec.pret) listed.push('preterite', 'imperfect subjunctive');
    if (spec.impf) listed.push('imperfect');
    if (spec.subj) listed.push('present subjunctive');
    if (spec.fut) listed.push('future', 'conditional');
    if (spec.ger) listed.push('gerund');
    if (spec.part) listed.push('past participle');
    for (const prefix of ['', ...(spec.prefixes?.split(' ') ?? [])]) {
      for (const tense of listed) set.add(`${prefix}${spec.inf}|${tense}`);
    }
  }
  tenses = set;
  return set;
}

/** Irregular form → the verb forms it can be (fue → ser and ir). Built once, on first use. */
export function irregularForms(): Map<string, VerbForm[]> {
  if (table) return table;
  const map = new Map<string, VerbForm[]>();
  for (const spec of SPECS) {
    for (const prefix of ['', ...(spec.prefixes?.split(' ') ?? [])]) {
      for (const [form, info] of conjugate(spec, prefix)) {
        const list = map.get(form) ?? [];
        const same = list.find((x) => x.lemma === info.lemma && x.tense === info.tense);
        if (same) {
          for (const p of info.persons) if (!same.persons.includes(p)) same.persons.push(p);
        } else {
          list.push({ ...info, persons: [...info.persons] });
        }
        map.set(form, list);
      }
    }
  }
  for (const list of map.values()) list.sort((a, b) => TENSE_ORDER[a.tense] - TENSE_ORDER[b.tense]);
  table = map;
  return map;
}

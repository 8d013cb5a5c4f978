// Function words: articles, determiners, pronouns, prepositions, conjunctions, interjections and
// numbers. Written by the Relatos team (see ../README.md). One entry per line: `lemma: english`.

export const DETERMINERS = `
el: the
la: the
los: the
las: the
un: a, an
una: a, an, one
unos: some, a few, about
unas: some, a few, about
mi: my
tu: your
su: his, her, their, your (formal)
nuestro: our, ours
vuestro: your, yours (plural)
este: this
esta: this
estos: these
estas: these
ese: that
esa: that
esos: those
esas: those
aquel: that (over there)
aquella: that (over there)
aquellos: those (over there)
aquellas: those (over there)
cada: each, every
otro: other, another
mucho: much, many, a lot (of)
poco: little, few, not much
todo: all, every, whole, everything
alguno: some, any, someone
ninguno: no, none, not any, neither
varios: several, various
ambos: both
demasiado: too much, too many, too
bastante: enough, quite, rather
tanto: so much, so many, as much
cuanto: as much as, all that
cuánto: how much, how many
cualquiera: any, anyone, whichever
cualquier: any
mismo: same, -self, very
tal: such, such a
demás: the rest, other, others
`;

export const PRONOUNS = `
yo: I
tú: you (informal)
él: he, him, it
ella: she, her, it
ello: it, that
usted: you (formal)
nosotros: we, us
vosotros: you (plural, Spain)
ellos: they, them
ustedes: you (plural)
me: me, to me, myself
te: you, to you, yourself
se: himself, herself, itself, each other
nos: us, to us, ourselves
os: you, to you (plural)
lo: it, him, the (neuter: lo bueno)
la: her, it, you (formal)
le: to him, to her, to you (formal)
los: them, you (plural)
las: them, you (plural)
les: to them, to you (plural)
mí: me (after a preposition)
ti: you (after a preposition)
sí: himself, herself, oneself
conmigo: with me
contigo: with you
consigo: with him, with her, with oneself
mío: mine, of mine
tuyo: yours, of yours
suyo: his, hers, theirs, yours
esto: this, this thing
eso: that, that thing
aquello: that (over there)
que: that, which, who
qué: what, which, how
quien: who, whom
quién: who, whom
cual: which, who
cuál: which, what
cuyo: whose
algo: something, anything, somewhat
nada: nothing, anything, not at all
alguien: someone, somebody, anyone
nadie: nobody, no one, anyone
uno: one, you (impersonal)
`;

export const PREPOSITIONS = `
a: to, at, into
al: to the, at the
ante: before, in front of, faced with
bajo: under, below
con: with
contra: against
de: of, from, about
del: of the, from the
desde: from, since
durante: during, for
en: in, on, at, into
entre: between, among
excepto: except
hacia: towards, toward, around (time)
hasta: until, up to, as far as, even
mediante: by means of, through
para: for, to, in order to
por: for, by, through, because of
salvo: except, save
según: according to, depending on
sin: without
sobre: on, about, over, above
tras: after, behind
`;

export const CONJUNCTIONS = `
y: and
e: and (before i-, hi-)
o: or
u: or (before o-, ho-)
ni: nor, not even, neither
pero: but
sino: but, but rather, except
aunque: although, even though, even if
porque: because
pues: well, so, since, then
si: if, whether
cuando: when
mientras: while, whereas
como: as, like, since, how
donde: where, in which
`;

export const INTERJECTIONS = `
hola: hello, hi
adiós: goodbye, bye
gracias: thanks, thank you
perdón: sorry, excuse me, pardon
vale: okay, all right
ojalá: hopefully, I wish, if only
ay: oh, ouch, alas
oh: oh
eh: hey, eh
bravo: bravo, well done
enhorabuena: congratulations
felicidades: congratulations, happy birthday
`;

export const NUMBERS = `
cero: zero
uno: one
dos: two
tres: three
cuatro: four
cinco: five
seis: six
siete: seven
ocho: eight
nueve: nine
diez: ten
once: eleven
doce: twelve
trece: thirteen
catorce: fourteen
quince: fifteen
dieciséis: sixteen
diecisiete: seventeen
dieciocho: eighteen
diecinueve: nineteen
veinte: twenty
veintiuno: twenty-one
veintidós: twenty-two
veintitrés: twenty-three
veinticuatro: twenty-four
veinticinco: twenty-five
veintiséis: twenty-six
veintisiete: twenty-seven
veintiocho: twenty-eight
veintinueve: twenty-nine
treinta: thirty
cuarenta: forty
cincuenta: fifty
sesenta: sixty
setenta: seventy
ochenta: eighty
noventa: ninety
cien: a hundred, one hundred
ciento: hundred, one hundred
doscientos: two hundred
trescientos: three hundred
cuatrocientos: four hundred
quinientos: five hundred
seiscientos: six hundred
setecientos: seven hundred
ochocientos: eight hundred
novecientos: nine hundred
mil: thousand, one thousand
`;

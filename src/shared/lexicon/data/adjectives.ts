// Adjectives (masculine singular). Written by the Relatos team (see ../README.md).
// One entry per line: `lemma: english`.

export const ADJECTIVES = `
bueno: good, kind, nice
malo: bad, evil, ill
grande: big, large, great
pequeño: small, little, young
nuevo: new
viejo: old
joven: young, young person
mayor: older, oldest, bigger, main
menor: younger, smaller, minor
alto: tall, high, loud
bajo: short, low, quiet
largo: long
corto: short
ancho: wide, broad, loose
estrecho: narrow, tight, close
gordo: fat, thick
delgado: thin, slim
flaco: skinny, thin
fuerte: strong, loud, heavy
débil: weak
duro: hard, tough
blando: soft
suave: soft, smooth, gentle
rápido: fast, quick
lento: slow
fácil: easy
difícil: difficult, hard
posible: possible
imposible: impossible
importante: important
necesario: necessary
claro: clear, light, of course
oscuro: dark
limpio: clean
sucio: dirty
caliente: hot, warm
frío: cold
caro: expensive, dear
barato: cheap
rico: rich, tasty, delicious
pobre: poor
feliz: happy
contento: happy, pleased, glad
triste: sad
alegre: cheerful, happy, bright
serio: serious
tranquilo: calm, quiet, peaceful
nervioso: nervous
cansado: tired, tiring
enfermo: ill, sick, patient
sano: healthy
vivo: alive, living, bright, sharp
muerto: dead
lleno: full
vacío: empty
abierto: open
cerrado: closed, shut
libre: free, vacant
ocupado: busy, occupied, taken
listo: ready, clever
preparado: ready, prepared
seguro: safe, sure, certain
peligroso: dangerous
cierto: certain, true, a certain
verdadero: true, real
falso: false, fake
real: real, royal
propio: own, typical, very
igual: equal, same, alike
diferente: different
distinto: different, distinct
parecido: similar, alike
único: only, unique, single
solo: alone, lonely, on its own
junto: together, next to (junto a)
primero: first
segundo: second
tercero: third
cuarto: fourth
quinto: fifth
sexto: sixth
séptimo: seventh
octavo: eighth
noveno: ninth
décimo: tenth
último: last, latest, final
próximo: next, near, close
siguiente: next, following
anterior: previous, former, front
pasado: past, last, gone off
actual: current, present
moderno: modern
antiguo: old, ancient, former
reciente: recent, fresh
general: general
especial: special
normal: normal, usual, ordinary
raro: strange, odd, rare
extraño: strange, odd, foreign
común: common, shared, ordinary
público: public, audience
privado: private
personal: personal, staff
social: social
político: political, politician
económico: economic, cheap
nacional: national
internacional: international
local: local
natural: natural
humano: human
principal: main, principal
central: central
simple: simple, plain, mere
sencillo: simple, plain, easy
complicado: complicated
completo: complete, full
entero: whole, entire, complete
total: total, complete
medio: half, middle, average
doble: double
mejor: better, best
peor: worse, worst
superior: upper, higher, superior
inferior: lower, inferior
grave: serious, grave, deep (voice)
ligero: light, slight
pesado: heavy, tiresome, boring
profundo: deep, profound
hermoso: beautiful, lovely
bonito: pretty, nice, lovely
guapo: good-looking, handsome, pretty
lindo: pretty, lovely, nice
bello: beautiful
feo: ugly, nasty
elegante: elegant, smart, stylish
precioso: lovely, beautiful, precious
maravilloso: wonderful, marvellous
estupendo: great, wonderful, terrific
fantástico: fantastic, great
genial: great, brilliant
increíble: incredible, amazing
horrible: horrible, awful
terrible: terrible, awful
perfecto: perfect
excelente: excellent
interesante: interesting
aburrido: bored, boring
divertido: fun, funny, amusing
gracioso: funny, amusing
curioso: curious, odd
famoso: famous
conocido: known, well-known, acquaintance
desconocido: unknown, stranger
extranjero: foreign, foreigner, abroad
español: Spanish, Spaniard
inglés: English, Englishman
francés: French, Frenchman
alemán: German
italiano: Italian
americano: American
mexicano: Mexican
argentino: Argentinian, Argentine
europeo: European
chino: Chinese
rojo: red
azul: blue
verde: green, unripe
amarillo: yellow
blanco: white
negro: black
gris: grey, gray
marrón: brown
rosa: pink
morado: purple
dorado: golden, gold
plateado: silver, silvery
castaño: brown, chestnut (hair)
rubio: blond, fair
moreno: dark-haired, dark, tanned
pelirrojo: red-haired
amable: kind, friendly, nice
simpático: nice, friendly, pleasant
antipático: unpleasant, unfriendly
inteligente: intelligent, clever
tonto: silly, stupid, fool
sabio: wise, wise person
loco: mad, crazy
valiente: brave
cobarde: cowardly, coward
tímido: shy, timid
orgulloso: proud
generoso: generous
honesto: honest
sincero: sincere, honest
fiel: faithful, loyal
tierno: tender, soft, sweet
dulce: sweet, gentle
amargo: bitter
salado: salty, savoury
picante: spicy, hot
fresco: fresh, cool
seco: dry
mojado: wet
húmedo: damp, humid, moist
tibio: lukewarm, warm
capaz: capable, able
dispuesto: willing, ready, prepared
contrario: opposite, contrary
correcto: correct, right, proper
justo: fair, just, exact, tight
injusto: unfair, unjust
exacto: exact, accurate
preciso: precise, necessary
concreto: specific, concrete
directo: direct, straight
recto: straight, upright
redondo: round
cuadrado: square
plano: flat
puro: pure, sheer
fino: fine, thin, delicate
grueso: thick, stout
suficiente: enough, sufficient
escaso: scarce, scant, little
numeroso: numerous, large
enorme: enormous, huge
inmenso: immense, huge
breve: brief, short
eterno: eternal, endless
infinito: infinite, endless
constante: constant, steady
frecuente: frequent, common
habitual: usual, regular
diario: daily
silencioso: silent, quiet
ruidoso: noisy
brillante: bright, brilliant, shiny
solitario: lonely, solitary, deserted
casado: married
soltero: single, unmarried
embarazada: pregnant
enamorado: in love
enfadado: angry, cross
preocupado: worried
sorprendido: surprised
asustado: scared, frightened
emocionado: excited, moved
celoso: jealous
satisfecho: satisfied, full
agotado: exhausted, sold out
despierto: awake, alert
dormido: asleep
sentado: sitting, seated
chico: small, little
anciano: elderly, old, old man
querido: dear, beloved
cercano: close, nearby
lejano: distant, far-off, remote
ajeno: someone else's, alien, detached
salvaje: wild, savage
favorito: favourite, favorite
típico: typical
tradicional: traditional
popular: popular
amplio: wide, spacious, broad
cómodo: comfortable
incómodo: uncomfortable, awkward
útil: useful
inútil: useless
agradable: pleasant, nice, agreeable
encantador: charming, delightful
tremendo: tremendous, terrible
absoluto: absolute, complete
original: original
mental: mental
físico: physical
científico: scientific, scientist
técnico: technical, technician
militar: military, soldier
legal: legal, lawful
oficial: official, officer
cultural: cultural
histórico: historic, historical
musical: musical
religioso: religious
santo: holy, saint
sagrado: sacred, holy
derecho: right, straight, upright
izquierdo: left
evidente: evident, obvious
obvio: obvious
probable: likely, probable
pleno: full, complete, middle of
ciego: blind
sordo: deaf
mudo: mute, silent, dumb
razonable: reasonable
pálido: pale
obstinado: stubborn, obstinate
retorcido: twisted, devious
solar: solar
culpable: guilty
inocente: innocent, naive
responsable: responsible
necio: foolish, fool
cruel: cruel
humilde: humble, modest
educado: polite, educated
maleducado: rude, bad-mannered
callado: quiet, silent
activo: active
helado: frozen, icy, freezing
templado: mild, lukewarm, temperate
nublado: cloudy
soleado: sunny
lluvioso: rainy
maduro: ripe, mature
crudo: raw, harsh
podrido: rotten
delicioso: delicious
sabroso: tasty
hambriento: hungry, starving
sediento: thirsty
gratis: free (of charge)
gratuito: free (of charge)
lujoso: luxurious
cotidiano: everyday, daily
urbano: urban
rural: rural
nocturno: night, nocturnal
veloz: fast, swift
sólido: solid
líquido: liquid
transparente: transparent, clear
invisible: invisible
visible: visible
oculto: hidden
secreto: secret
misterioso: mysterious
extraordinario: extraordinary
magnífico: magnificent, splendid
espléndido: splendid
impresionante: impressive, striking
emocionante: exciting, moving
prohibido: forbidden, banned
permitido: allowed, permitted
obligatorio: compulsory
voluntario: voluntary, volunteer
independiente: independent
dependiente: dependent, shop assistant
feroz: fierce, ferocious
manso: tame, gentle
digno: worthy, dignified
valioso: valuable
dichoso: happy, lucky, blessed
afortunado: lucky, fortunate
desgraciado: unfortunate, wretched
infeliz: unhappy, wretch
desesperado: desperate
apagado: off, dull, subdued
encendido: on, lit, burning
roto: broken, torn
seguido: in a row, consecutive
diverso: diverse, various
determinado: certain, specific, determined
posterior: later, rear, back
negativo: negative
positivo: positive
profesional: professional
mundial: world, worldwide
fundamental: fundamental, basic
básico: basic
clásico: classic, classical
femenino: feminine, female, women's
masculino: masculine, male, men's
menudo: small, slight (a menudo: often)
ideal: ideal, perfect
infantil: children's, childish
violento: violent, awkward
`;

// Adverbs. Written by the Relatos team (see ../README.md). One entry per line: `lemma: english`.

export const ADVERBS = `
no: no, not
sí: yes, indeed
también: also, too, as well
tampoco: neither, not either
muy: very
más: more, most, plus
menos: less, fewer, minus, except
bien: well, fine, good, right
mal: badly, bad, wrong
ya: already, now, anymore, right away
aún: still, yet
aun: even
todavía: still, yet
siempre: always
nunca: never
jamás: never, ever
ahora: now
hoy: today
ayer: yesterday
mañana: tomorrow
anoche: last night
antes: before, earlier, first
después: after, afterwards, later
luego: then, later, afterwards
entonces: then, so
pronto: soon, early, quickly
tarde: late
temprano: early
enseguida: at once, right away
aquí: here
ahí: there
allí: there
allá: over there, there
acá: here, over here
cerca: near, nearby, close
lejos: far, far away
arriba: up, upstairs, above
abajo: down, downstairs, below
delante: in front, ahead
detrás: behind, at the back
encima: on top, above, besides
debajo: underneath, below, under
dentro: inside, within, in
fuera: outside, out, away
afuera: outside, out
adentro: inside, in
adelante: forward, ahead, come in
atrás: back, behind, ago
alrededor: around, about
enfrente: opposite, in front
así: like this, like that, so, thus
casi: almost, nearly
solo: only, just
sólo: only, just (older spelling)
tan: so, as, such
apenas: hardly, barely, scarcely
quizás: perhaps, maybe
quizá: perhaps, maybe
acaso: perhaps, by any chance
además: besides, also, moreover
incluso: even, including
siquiera: even, at least
dónde: where
adónde: where (to)
cuándo: when
cómo: how, what
despacio: slowly, quietly
deprisa: quickly, fast, in a hurry
rápido: quickly, fast
recién: just, newly, recently
aparte: apart, aside, separately
realmente: really, actually
solamente: only, just
simplemente: simply, just
finalmente: finally, eventually
especialmente: especially, specially
exactamente: exactly
totalmente: totally, completely
completamente: completely
directamente: directly, straight
probablemente: probably
posiblemente: possibly
seguramente: surely, probably
normalmente: normally, usually
generalmente: generally, usually
actualmente: currently, nowadays
precisamente: precisely, exactly
claramente: clearly
absolutamente: absolutely
perfectamente: perfectly
únicamente: only, solely
prácticamente: practically, virtually
sencillamente: simply
inmediatamente: immediately
aproximadamente: approximately, about
principalmente: mainly, principally
recientemente: recently
nuevamente: again
igualmente: equally, likewise
obviamente: obviously
rápidamente: quickly, rapidly
lentamente: slowly
suavemente: gently, softly
fácilmente: easily
tranquilamente: calmly, quietly
personalmente: personally
verdaderamente: truly, really
afortunadamente: fortunately
desgraciadamente: unfortunately
demasiado: too, too much
bastante: quite, rather, enough
mejor: better, best
peor: worse, worst
medio: half, partly
mucho: a lot, much, very much
poco: little, not much, not very
tanto: so much, as much
adonde: where (to)
anteayer: the day before yesterday
`;

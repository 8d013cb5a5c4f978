// Verbs (infinitives). Written by the Relatos team (see ../README.md).
// One entry per line: `infinitive: english`. Reflexive uses are noted in brackets.

export const VERBS = `
ser: to be
estar: to be (state, place)
haber: to have (auxiliary), there is/are
tener: to have, hold
hacer: to do, make
ir: to go
poder: can, to be able to
decir: to say, tell
ver: to see, watch
dar: to give
saber: to know, know how to, taste
querer: to want, love
llegar: to arrive, reach, get to
pasar: to pass, happen, spend (time)
deber: must, should, to owe
poner: to put, place, turn on
parecer: to seem, look like
quedar: to stay, remain, be left, meet
creer: to believe, think
hablar: to speak, talk
llevar: to carry, take, wear
dejar: to leave, let, allow
seguir: to follow, continue, keep on
encontrar: to find, meet
llamar: to call, name, knock
venir: to come
pensar: to think
salir: to go out, leave, come out
volver: to return, come back, turn
tomar: to take, drink, have
conocer: to know (people, places), meet
vivir: to live
sentir: to feel, be sorry
tratar: to try, treat, deal with
mirar: to look at, watch
contar: to count, tell
empezar: to begin, start
esperar: to wait, hope, expect
buscar: to look for, search, fetch
existir: to exist
entrar: to enter, go in, come in
trabajar: to work
escribir: to write
perder: to lose, miss, waste
producir: to produce, cause
ocurrir: to happen, occur
entender: to understand
pedir: to ask for, order, request
recibir: to receive, get, welcome
recordar: to remember, remind
terminar: to finish, end
permitir: to allow, permit
aparecer: to appear, turn up
conseguir: to get, obtain, manage to
comenzar: to begin, start
servir: to serve, be useful
sacar: to take out, get, pull out
necesitar: to need
mantener: to keep, maintain, support
resultar: to turn out, prove, result
leer: to read
caer: to fall, drop
cambiar: to change, exchange
presentar: to present, introduce
crear: to create
abrir: to open
considerar: to consider
oír: to hear
acabar: to finish, end, have just
convertir: to turn into, convert
ganar: to win, earn, gain
formar: to form, shape, train
traer: to bring
partir: to leave, split, cut
morir: to die
aceptar: to accept
realizar: to carry out, achieve, make
suponer: to suppose, assume, mean
comprender: to understand, include
lograr: to achieve, manage to
explicar: to explain
preguntar: to ask
tocar: to touch, play (music), be one's turn
reconocer: to recognize, admit
estudiar: to study
alcanzar: to reach, catch up, achieve
nacer: to be born
dirigir: to direct, lead, address
correr: to run
utilizar: to use
pagar: to pay, pay for
ayudar: to help
gustar: to like, please
jugar: to play
escuchar: to listen, hear
cumplir: to fulfil, turn (age), carry out
ofrecer: to offer
descubrir: to discover, find out, uncover
levantar: to lift, raise (levantarse: get up)
intentar: to try, attempt
usar: to use, wear
decidir: to decide
repetir: to repeat
olvidar: to forget
valer: to be worth, cost
comer: to eat, have lunch
mostrar: to show
ocupar: to occupy, take up
mover: to move
continuar: to continue, go on
suceder: to happen, follow
cerrar: to close, shut
sufrir: to suffer, undergo
cubrir: to cover
subir: to go up, climb, raise, get on
desarrollar: to develop
establecer: to establish, set up
representar: to represent, perform
preparar: to prepare, get ready
comprar: to buy
indicar: to indicate, show, point out
dormir: to sleep
volar: to fly
andar: to walk, go, work (machine)
echar: to throw, pour, throw out
elegir: to choose, elect
vender: to sell
pertenecer: to belong
matar: to kill
beber: to drink
desear: to wish, want, desire
responder: to answer, reply, respond
aprender: to learn
construir: to build
enseñar: to teach, show
cortar: to cut
contestar: to answer, reply
cuidar: to look after, take care of
romper: to break, tear
apoyar: to support, lean
notar: to notice, feel
acercar: to bring closer (acercarse: approach)
acompañar: to go with, accompany
celebrar: to celebrate, hold
amar: to love
dedicar: to devote, dedicate
obtener: to get, obtain
defender: to defend
imaginar: to imagine
preferir: to prefer
sentar: to seat, suit (sentarse: sit down)
sonreír: to smile
lanzar: to throw, launch
viajar: to travel
mandar: to send, order, be in charge
caminar: to walk
reunir: to gather, bring together, meet
evitar: to avoid, prevent
señalar: to point out, point at, signal
impedir: to prevent, stop
observar: to observe, watch, notice
surgir: to arise, emerge, come up
faltar: to be missing, lack, be absent
aumentar: to increase, raise
desaparecer: to disappear
invitar: to invite, treat
guardar: to keep, put away, save
llenar: to fill
marcar: to mark, dial, score
soler: to usually (do)
sostener: to hold, support, maintain
proponer: to propose, suggest
dudar: to doubt, hesitate
describir: to describe
actuar: to act, perform
destacar: to stand out, highlight
incluir: to include
limpiar: to clean
lavar: to wash
bailar: to dance
cantar: to sing
cocinar: to cook
nadar: to swim
visitar: to visit
regresar: to return, go back, come back
gritar: to shout, scream
llorar: to cry, weep
reír: to laugh (reírse: laugh at)
soñar: to dream
despertar: to wake, wake up
acostar: to put to bed (acostarse: go to bed)
vestir: to dress, wear
duchar: to shower (ducharse: take a shower)
bañar: to bathe (bañarse: have a bath, swim)
peinar: to comb (peinarse: comb one's hair)
casar: to marry (casarse: get married)
enamorar: to win the heart of (enamorarse: fall in love)
enviar: to send
recoger: to pick up, collect, tidy up
coger: to take, catch, grab
tirar: to throw, pull, throw away
empujar: to push
golpear: to hit, beat, knock
saltar: to jump, skip
bajar: to go down, lower, get off
cruzar: to cross
girar: to turn, spin
parar: to stop
detener: to stop, arrest
quitar: to remove, take away, take off
meter: to put in, insert
colocar: to place, put, position
ordenar: to order, tidy, arrange
arreglar: to fix, arrange, tidy
pintar: to paint
dibujar: to draw
pesar: to weigh
medir: to measure
sumar: to add, add up
compartir: to share
prestar: to lend, pay (attention)
devolver: to give back, return
alquilar: to rent, hire
gastar: to spend, use up, wear out
ahorrar: to save
cobrar: to charge, collect, be paid
costar: to cost
invertir: to invest, reverse
regalar: to give (as a present)
agradecer: to thank, be grateful for
saludar: to greet, say hello
despedir: to say goodbye, fire, see off
charlar: to chat
discutir: to argue, discuss
conversar: to talk, converse
mentir: to lie
prometer: to promise
jurar: to swear
negar: to deny, refuse
confesar: to confess, admit
afirmar: to state, affirm
asegurar: to assure, ensure, insure
declarar: to declare, state
anunciar: to announce, advertise
informar: to inform, report
comunicar: to communicate, connect
expresar: to express
avisar: to warn, let know, tell
advertir: to warn, notice
quejar: to complain (quejarse)
protestar: to protest, complain
aconsejar: to advise
recomendar: to recommend
sugerir: to suggest
insistir: to insist
exigir: to demand, require
rogar: to beg, ask, pray
rezar: to pray
perdonar: to forgive, excuse
disculpar: to excuse, forgive (disculparse: apologize)
molestar: to bother, annoy, disturb
preocupar: to worry
importar: to matter, import, mind
interesar: to interest
encantar: to love, delight, enchant
doler: to hurt, ache
sorprender: to surprise
asustar: to frighten, scare
enfadar: to anger (enfadarse: get angry)
enojar: to anger, annoy
alegrar: to make happy, cheer up
calmar: to calm, soothe
relajar: to relax
descansar: to rest
cansar: to tire, make tired
aburrir: to bore
divertir: to amuse (divertirse: have fun)
disfrutar: to enjoy
gozar: to enjoy
odiar: to hate
temer: to fear, be afraid
sospechar: to suspect
confiar: to trust, confide
adivinar: to guess
practicar: to practise, do (sport)
repasar: to revise, go over
corregir: to correct, mark
equivocar: to get wrong (equivocarse: make a mistake)
fallar: to fail, miss
acertar: to get right, guess right, hit
probar: to try, taste, test, prove
comprobar: to check, verify
revisar: to check, review, inspect
examinar: to examine, test
analizar: to analyse
investigar: to investigate, research
calcular: to calculate, estimate
comparar: to compare
escoger: to choose, pick
seleccionar: to select
resolver: to solve, resolve
solucionar: to solve, sort out
planear: to plan
organizar: to organize
controlar: to control, check
manejar: to handle, drive, manage
conducir: to drive, lead
guiar: to guide, lead
cargar: to load, carry, charge
transportar: to transport, carry
arrastrar: to drag, pull
colgar: to hang, hang up
agarrar: to grab, grip, catch
sujetar: to hold, fasten
soltar: to let go, release
atar: to tie
abrazar: to hug, embrace
besar: to kiss
acariciar: to stroke, caress
oler: to smell
brillar: to shine
llover: to rain
nevar: to snow
soplar: to blow
quemar: to burn
encender: to light, turn on, switch on
apagar: to turn off, switch off, put out
calentar: to heat, warm up
enfriar: to cool, chill
hervir: to boil
freír: to fry
cocer: to cook, boil, bake
asar: to roast, grill
hornear: to bake
mezclar: to mix
cenar: to have dinner
desayunar: to have breakfast
almorzar: to have lunch
merendar: to have an afternoon snack
fumar: to smoke
respirar: to breathe
tragar: to swallow
morder: to bite
crecer: to grow
enfermar: to fall ill, make ill
curar: to cure, heal, treat
herir: to wound, hurt
operar: to operate
salvar: to save, rescue
proteger: to protect
atacar: to attack
luchar: to fight, struggle
pelear: to fight, quarrel
vencer: to defeat, win, overcome, expire
huir: to flee, run away
escapar: to escape (escaparse: run away)
esconder: to hide
ocultar: to hide, conceal
hallar: to find
perseguir: to chase, pursue
atrapar: to catch, trap
robar: to steal, rob
engañar: to deceive, cheat
castigar: to punish
obligar: to force, oblige
prohibir: to forbid, ban
vigilar: to watch, guard, keep an eye on
aguantar: to bear, stand, hold
soportar: to bear, tolerate, support
tardar: to take (time), be late
durar: to last
completar: to complete
superar: to overcome, exceed, get over
mejorar: to improve, get better
empeorar: to get worse, make worse
disminuir: to decrease, reduce
reducir: to reduce
permanecer: to remain, stay
sobrar: to be left over, be too much
bastar: to be enough
caber: to fit
contener: to contain, hold back
vaciar: to empty
envolver: to wrap, surround
reparar: to repair, mend, notice
destruir: to destroy
fabricar: to make, manufacture
diseñar: to design
inventar: to invent, make up
componer: to compose, make up, fix
montar: to ride, get on, set up
instalar: to install, set up
conectar: to connect
funcionar: to work, function
aplicar: to apply
emplear: to employ, use
contratar: to hire, contract
rechazar: to reject, turn down
entregar: to hand over, deliver
marchar: to go, march (marcharse: leave)
recorrer: to travel around, go through
pasear: to go for a walk, stroll
aparcar: to park
atravesar: to cross, go through
alejar: to move away (alejarse: go away)
avanzar: to advance, move forward
retirar: to withdraw, remove, retire
mudar: to change (mudarse: move house)
habitar: to inhabit, live in
nombrar: to name, appoint
votar: to vote
gobernar: to govern, rule
participar: to take part, participate
colaborar: to collaborate, contribute
unir: to join, unite
juntar: to put together, gather
separar: to separate
dividir: to divide, split
repartir: to share out, deliver, deal
restar: to subtract, take away
firmar: to sign
copiar: to copy
imprimir: to print
publicar: to publish
grabar: to record, engrave
felicitar: to congratulate
opinar: to think, give an opinion
significar: to mean
acordar: to agree (acordarse: remember)
fijar: to fix, set (fijarse: notice)
atrever: to dare (atreverse)
arriesgar: to risk
apostar: to bet
merecer: to deserve
afectar: to affect
influir: to influence
transformar: to transform
depender: to depend
corresponder: to correspond, be one's turn
sobrevivir: to survive
envejecer: to grow old, age
enterrar: to bury
callar: to be quiet, keep quiet
susurrar: to whisper
mencionar: to mention
citar: to quote, arrange to meet
obedecer: to obey
respetar: to respect
admirar: to admire
apreciar: to appreciate, value
valorar: to value, assess
criticar: to criticize
juzgar: to judge
acusar: to accuse
culpar: to blame
demostrar: to show, prove, demonstrate
apuntar: to point, aim, note down
anotar: to note down, score
registrar: to register, record, search
suspender: to fail (exam), suspend, cancel
aprobar: to pass (exam), approve
iniciar: to begin, start
arrancar: to start, pull out, uproot
descargar: to download, unload
navegar: to sail, browse
borrar: to erase, delete, rub out
apurar: to hurry, finish off
chocar: to crash, collide, shock
tropezar: to trip, stumble
pegar: to stick, hit, glue
doblar: to fold, turn, bend, dub
torcer: to twist, turn, bend
apretar: to press, squeeze, tighten
sacudir: to shake
temblar: to tremble, shake
sembrar: to sow
plantar: to plant
regar: to water
cosechar: to harvest
podar: to prune
cultivar: to grow, cultivate, farm
criar: to raise, bring up, breed
alimentar: to feed
cazar: to hunt, catch
pescar: to fish, catch
barrer: to sweep
planchar: to iron
secar: to dry
mojar: to wet, dip
coser: to sew
afeitar: to shave
reservar: to book, reserve
recuperar: to recover, get back
añadir: to add
aprovechar: to take advantage of, make the most of
asistir: to attend, assist
comentar: to comment, mention
concluir: to conclude, finish
confirmar: to confirm
constituir: to constitute, make up
contribuir: to contribute
definir: to define
determinar: to determine, decide
distinguir: to distinguish, tell apart
disponer: to have, arrange (disponer de)
elaborar: to make, produce, draw up
enfrentar: to face, confront
estimar: to estimate, esteem
extender: to extend, spread, stretch
generar: to generate, create
identificar: to identify
implicar: to involve, imply
imponer: to impose
incorporar: to incorporate, add
integrar: to integrate, make up
introducir: to introduce, insert
traducir: to translate
justificar: to justify
limitar: to limit
manifestar: to express, show, demonstrate
orientar: to guide, orient
plantear: to raise, pose, set out
precisar: to need, specify
pretender: to intend, try to, aim
prever: to foresee, anticipate
procurar: to try, secure
promover: to promote
proporcionar: to provide
provocar: to cause, provoke
referir: to refer (referirse a)
reflejar: to reflect
relacionar: to relate, connect
reproducir: to reproduce, play back
requerir: to require
revelar: to reveal, develop (film)
situar: to place, locate
solicitar: to request, apply for
someter: to subject, submit
sustituir: to replace, substitute
tender: to tend, hang out, stretch out
transmitir: to transmit, broadcast
variar: to vary
conservar: to keep, preserve
agotar: to exhaust, use up, sell out
aplaudir: to clap, applaud
amanecer: to dawn, wake up
atender: to attend to, serve, pay attention
acostumbrar: to get used to, be used to
adelantar: to move forward, overtake
adorar: to adore, worship
adquirir: to acquire
agregar: to add
alojar: to lodge, house, stay
apartar: to move away, set aside
arrepentir: to regret (arrepentirse)
asomar: to lean out, peep out, appear
averiguar: to find out
bendecir: to bless
bostezar: to yawn
brindar: to toast, offer
burlar: to mock (burlarse de)
cesar: to stop, cease
combinar: to combine
compensar: to compensate, make up for
competir: to compete
complicar: to complicate
comportar: to behave (comportarse)
conceder: to grant, give
condenar: to condemn, sentence
confundir: to confuse, mix up
consultar: to consult
contemplar: to contemplate, look at
convencer: to convince, persuade
convivir: to live together
cuestionar: to question
dañar: to damage, harm
deshacer: to undo, unpack
desmayar: to faint (desmayarse)
despegar: to take off, unstick
destapar: to uncover, open
detestar: to hate, detest
disparar: to shoot, fire
distraer: to distract, entertain
divorciar: to divorce (divorciarse)
educar: to educate, bring up
elevar: to raise, lift
emocionar: to move, excite
empatar: to draw, tie
encargar: to order, put in charge
engordar: to put on weight, fatten
enterar: to find out (enterarse)
entrenar: to train, coach
entrevistar: to interview
esforzar: to make an effort (esforzarse)
esquiar: to ski
estacionar: to park
estrenar: to premiere, use for the first time
evaluar: to evaluate, assess
exagerar: to exaggerate
explotar: to explode, exploit
exponer: to exhibit, expose, set out
fingir: to pretend, fake
florecer: to flower, flourish
fracasar: to fail
fregar: to wash up, scrub
gestionar: to manage, arrange
heredar: to inherit
ignorar: to ignore, not know
iluminar: to light up, illuminate
impresionar: to impress
inclinar: to tilt, lean, bow
indignar: to make indignant, outrage
inspirar: to inspire, inhale
intercambiar: to exchange
interrumpir: to interrupt
jubilar: to retire (jubilarse)
ladrar: to bark
lamentar: to regret, be sorry
liberar: to free, release
madurar: to ripen, mature
maquillar: to make up (maquillarse)
masticar: to chew
meditar: to meditate, think over
negociar: to negotiate
oponer: to oppose (oponerse)
padecer: to suffer (from)
patinar: to skate, slip
penetrar: to penetrate, enter
percibir: to perceive, receive
perdurar: to last, endure
perjudicar: to harm, damage
pinchar: to prick, puncture, click
pisar: to step on, tread
poseer: to possess, own
predecir: to predict
premiar: to reward, give a prize
preservar: to preserve
presumir: to show off, presume
proceder: to proceed, come from
programar: to program, schedule
prolongar: to prolong, extend
pronunciar: to pronounce, deliver
reaccionar: to react
recetar: to prescribe
reconstruir: to rebuild
reemplazar: to replace
regañar: to scold, tell off
relatar: to tell, relate
rendir: to perform, yield (rendirse: give up)
renunciar: to give up, resign
reñir: to scold, quarrel
resbalar: to slip, slide
rescatar: to rescue
retrasar: to delay, postpone
reventar: to burst
rodear: to surround, go around
rozar: to brush against, graze
sangrar: to bleed
satisfacer: to satisfy
secuestrar: to kidnap, hijack
sentenciar: to sentence
silbar: to whistle
sonar: to sound, ring
subrayar: to underline, emphasize
sudar: to sweat
suspirar: to sigh
tapar: to cover, cover up
tejer: to knit, weave
telefonear: to phone
tolerar: to tolerate
trasladar: to move, transfer
triunfar: to succeed, triumph
ubicar: to locate, place
vacilar: to hesitate, tease
vibrar: to vibrate
volcar: to knock over, overturn, tip
vomitar: to vomit, be sick
acudir: to go, come, turn to
alzar: to raise, lift
hundir: to sink
tumbar: to knock down (tumbarse: lie down)
abandonar: to abandon, leave
acceder: to access, agree
aclarar: to clarify, rinse
admitir: to admit, accept
animar: to encourage, cheer up
aportar: to contribute, provide
asumir: to assume, take on
atraer: to attract
causar: to cause
cometer: to commit, make (a mistake)
consumir: to consume, use
denunciar: to report, denounce
dominar: to dominate, master
ejercer: to exercise, practise
eliminar: to eliminate, remove
experimentar: to experience, experiment
facilitar: to make easier, provide
garantizar: to guarantee
interpretar: to interpret, perform
prevenir: to prevent, warn
reflexionar: to reflect, think
resistir: to resist, withstand
convenir: to suit, be advisable, agree
intervenir: to intervene, take part
entretener: to entertain, hold up
retener: to retain, keep, hold back
`;

// Nouns (singular). Written by the Relatos team (see ../README.md).
// One entry per line: `lemma gender: english`, gender m, f, or c (either, by the person meant).

export const NOUNS = `
# people and family
persona f: person
gente f: people
hombre m: man, mankind
mujer f: woman, wife
niño m+: child, boy
niña f: girl, child
chico m+: boy, kid, guy
chica f: girl
muchacho m+: boy, lad, young man
muchacha f: girl, young woman
señor m+: Mr., sir, gentleman, lord
señora f: Mrs., madam, lady, wife
señorita f: Miss, young lady
don m: Mr. (title before a first name), gift, talent
doña f: Mrs. (title before a first name)
amigo m+: friend
novio m+: boyfriend, fiancé, groom
novia f: girlfriend, fiancée, bride
esposo m+: husband, spouse
esposa f: wife, spouse
marido m: husband
pareja f: couple, partner, pair
familia f: family
padre m: father, parents (pl.), priest
madre f: mother
papá m: dad, daddy
mamá f: mum, mom, mummy
hijo m+: son, child, children (pl.)
hija f: daughter
hermano m+: brother, siblings (pl.)
hermana f: sister
abuelo m+: grandfather, grandparents (pl.)
abuela f: grandmother
nieto m+: grandson, grandchild
nieta f: granddaughter
tío m+: uncle, guy
tía f: aunt
primo m+: cousin
sobrino m+: nephew
sobrina f: niece
bisabuelo m+: great-grandfather
suegro m+: father-in-law
suegra f: mother-in-law
cuñado m+: brother-in-law
bebé m: baby
vecino m+: neighbour, resident
compañero m+: companion, classmate, colleague
jefe m+: boss, chief, head
rey m: king
reina f: queen
príncipe m: prince
princesa f: princess
dios m+: god, God
ángel m: angel
ciudadano m+: citizen
# work and roles
profesor m+: teacher, professor
maestro m+: teacher, master
alumno m+: pupil, student
estudiante c: student
médico m+: doctor
doctor m+: doctor
enfermero m+: nurse
abogado m+: lawyer
juez c: judge
policía f: police, police officer
soldado m: soldier
capitán m: captain
presidente m+: president, chairman
ministro m+: minister
gobierno m: government
alcalde m: mayor
director m+: director, manager, head teacher
directivo m+: executive, manager, board member
empleado m+: employee, clerk
trabajador m+: worker
obrero m+: worker, labourer
camarero m+: waiter, barman
cocinero m+: cook, chef
panadero m+: baker
pescador m+: fisherman
campesino m+: peasant, farmer, countryman
granjero m+: farmer
pastor m+: shepherd, pastor
conductor m+: driver
piloto m: pilot, driver
marinero m: sailor
artista c: artist, performer
pintor m+: painter
escritor m+: writer
autor m+: author
poeta m: poet
músico m+: musician
cantante c: singer
actor m: actor
actriz f: actress
periodista c: journalist
ingeniero m+: engineer
arquitecto m+: architect
secretario m+: secretary
cliente c: customer, client
dueño m+: owner
vendedor m+: seller, salesperson
ayudante c: assistant, helper
guardia c: guard, police officer
ladrón m+: thief, burglar
víctima f: victim
testigo c: witness
enemigo m+: enemy
héroe m: hero
invitado m+: guest
turista c: tourist
viajero m+: traveller, passenger
pasajero m+: passenger
jugador m+: player
equipo m: team, equipment, kit
notario m+: notary
farero m+: lighthouse keeper
# body and health
cuerpo m: body
cabeza f: head
cara f: face
ojo m: eye
oreja f: ear
oído m: ear, hearing
nariz f: nose
boca f: mouth
labio m: lip
diente m: tooth
lengua f: tongue, language
pelo m: hair
cabello m: hair
cuello m: neck, collar
hombro m: shoulder
brazo m: arm
mano f: hand
dedo m: finger, toe
pecho m: chest, breast
espalda f: back
estómago m: stomach
pierna f: leg
rodilla f: knee
pie m: foot, base
piel f: skin, leather, fur
hueso m: bone, stone (of fruit)
sangre f: blood
corazón m: heart
cerebro m: brain
voz f: voice
frente f: forehead, front
garganta f: throat
lágrima f: tear
sonrisa f: smile
mirada f: look, glance, gaze
gesto m: gesture, expression
beso m: kiss
abrazo m: hug, embrace
sueño m: dream, sleep, sleepiness
salud f: health, cheers
enfermedad f: illness, disease
dolor m: pain, ache, grief
fiebre f: fever, temperature
herida f: wound, injury
medicina f: medicine
hospital m: hospital
infarto m: heart attack
# time
tiempo m: time, weather
hora f: hour, time
minuto m: minute
segundo m: second
momento m: moment, time
instante m: instant, moment
rato m: while, short time
día m: day
noche f: night, evening
mañana f: morning
tarde f: afternoon, evening
mediodía m: noon, midday
medianoche f: midnight
madrugada f: early morning, small hours, dawn
amanecer m: dawn, daybreak
atardecer m: dusk, evening
semana f: week
fin m: end, purpose
mes m: month
año m: year
siglo m: century
época f: time, period, age
edad f: age
vez f: time, occasion, turn
fecha f: date
reloj m: clock, watch
cumpleaños m: birthday
fiesta f: party, festival, holiday
vacaciones f: holidays, vacation
principio m: beginning, principle
comienzo m: beginning, start
final m: end, ending, final
futuro m: future
presente m: present
historia f: history, story
recuerdo m: memory, souvenir, regards (pl.)
memoria f: memory
lunes m: Monday
martes m: Tuesday
miércoles m: Wednesday
jueves m: Thursday
viernes m: Friday
sábado m: Saturday
domingo m: Sunday
enero m: January
febrero m: February
marzo m: March
abril m: April
mayo m: May
junio m: June
julio m: July
agosto m: August
septiembre m: September
octubre m: October
noviembre m: November
diciembre m: December
primavera f: spring
verano m: summer
otoño m: autumn, fall
invierno m: winter
navidad f: Christmas
# nature and weather
sol m: sun
luna f: moon
estrella f: star
cielo m: sky, heaven
nube f: cloud
lluvia f: rain
nieve f: snow
viento m: wind
aire m: air, look
tormenta f: storm
rayo m: ray, beam, lightning
niebla f: fog, mist
calor m: heat, warmth
temperatura f: temperature
clima m: climate
tierra f: earth, land, ground, soil
mundo m: world
mar m: sea
océano m: ocean
playa f: beach
río m: river
lago m: lake
agua f: water
ola f: wave
isla f: island
costa f: coast
montaña f: mountain
monte m: mountain, hill, woodland
colina f: hill
valle m: valley
campo m: countryside, field, pitch
bosque m: forest, wood
selva f: jungle, rainforest
desierto m: desert
piedra f: stone, rock
roca f: rock
arena f: sand
fuego m: fire
luz f: light
sombra f: shade, shadow
oscuridad f: darkness, dark
árbol m: tree
flor f: flower
planta f: plant, floor (storey)
hoja f: leaf, sheet, page
rama f: branch
raíz f: root
semilla f: seed
hierba f: grass, herb
tronco m: trunk, log
madera f: wood, timber
olivo m: olive tree
aceituna f: olive
fruto m: fruit, result
cosecha f: harvest, crop
ladera f: hillside, slope
animal m: animal
perro m+: dog
gato m+: cat
caballo m: horse
vaca f: cow, beef
toro m: bull
cerdo m+: pig, pork
oveja f: sheep
pájaro m: bird
ave f: bird, fowl
pez m: fish
pollo m: chicken
gallina f: hen, chicken
ratón m: mouse
lobo m+: wolf
oso m+: bear
león m: lion
mono m+: monkey
serpiente f: snake
mosca f: fly
abeja f: bee
mariposa f: butterfly
burro m+: donkey
conejo m+: rabbit
# places and buildings
lugar m: place, spot
sitio m: place, site, room, space
casa f: house, home
hogar m: home, hearth
piso m: flat, apartment, floor
apartamento m: apartment, flat
edificio m: building
habitación f: room, bedroom
cuarto m: room, quarter
sala f: room, hall, living room
salón m: living room, lounge, hall
cocina f: kitchen, cooker, cooking
baño m: bathroom, bath, toilet
dormitorio m: bedroom
comedor m: dining room
despacho m: office, study
oficina f: office
escalera f: stairs, staircase, ladder
pasillo m: corridor, hallway
puerta f: door, gate
ventana f: window
pared f: wall
techo m: ceiling, roof
tejado m: roof
suelo m: floor, ground, soil
jardín m: garden
patio m: courtyard, patio, yard
balcón m: balcony
chimenea f: fireplace, chimney
desván m: attic, loft
garaje m: garage
ascensor m: lift, elevator
calle f: street, road
avenida f: avenue
plaza f: square, place, seat
carretera f: road, highway
camino m: way, path, road, journey
puente m: bridge
esquina f: corner (outside)
rincón m: corner (inside), nook
barrio m: neighbourhood, district
ciudad f: city, town
pueblo m: village, town, people
capital f: capital
país m: country
nación f: nation
región f: region
provincia f: province
estado m: state, condition
frontera f: border, frontier
zona f: zone, area
parte f: part, place, side
centro m: centre, center, downtown
norte m: north
sur m: south
este m: east
oeste m: west
lado m: side, way
fondo m: bottom, back, background, fund
borde m: edge, border
punto m: point, dot, full stop
dirección f: direction, address, management
tienda f: shop, store, tent
mercado m: market
supermercado m: supermarket
banco m: bank, bench
hotel m: hotel
restaurante m: restaurant
bar m: bar, café
café m: coffee, café
cafetería f: café, cafeteria
panadería f: bakery, baker's
farmacia f: chemist's, pharmacy
librería f: bookshop, bookcase
floristería f: florist's
biblioteca f: library
museo m: museum
teatro m: theatre, theater
cine m: cinema, movies
iglesia f: church
escuela f: school
colegio m: school
instituto m: secondary school, institute
universidad f: university
estación f: station, season
aeropuerto m: airport
puerto m: port, harbour
parada f: stop
parque m: park
granja f: farm
finca f: farm, estate, property
fábrica f: factory
empresa f: company, firm, business
negocio m: business, deal, shop
cárcel f: prison, jail
palacio m: palace
castillo m: castle
torre f: tower
faro m: lighthouse, headlight
cementerio m: cemetery
# transport and travel
coche m: car
carro m: car, cart
autobús m: bus
tren m: train
avión m: plane, aeroplane
barco m: boat, ship
barca f: small boat, rowing boat
bicicleta f: bicycle, bike
moto f: motorbike
metro m: underground, subway, metre
taxi m: taxi
camión m: lorry, truck
viaje m: journey, trip
billete m: ticket, banknote
maleta f: suitcase
equipaje m: luggage, baggage
ventanilla f: window (of a vehicle), ticket window
asiento m: seat
rueda f: wheel
tráfico m: traffic
velocidad f: speed
vuelo m: flight
llegada f: arrival
salida f: exit, departure, way out
entrada f: entrance, entry, ticket
# things at home
mesa f: table
silla f: chair
sillón m: armchair
sofá m: sofa
cama f: bed
armario m: wardrobe, cupboard
cajón m: drawer, crate
caja f: box, till, checkout
lámpara f: lamp
espejo m: mirror
cuadro m: picture, painting, square
foto f: photo
fotografía f: photograph, photography
teléfono m: telephone, phone
móvil m: mobile phone
ordenador m: computer
computadora f: computer
televisión f: television
radio f: radio
pantalla f: screen
llave f: key, tap, switch
timbre m: doorbell, bell
cortina f: curtain
alfombra f: rug, carpet
manta f: blanket
almohada f: pillow
sábana f: sheet
toalla f: towel
jabón m: soap
cepillo m: brush
basura f: rubbish, garbage, trash
bolsa f: bag, stock exchange
bolso m: handbag, bag
cartera f: wallet, briefcase, satchel
mochila f: backpack, rucksack
paraguas m: umbrella
gafas f: glasses, spectacles
regalo m: present, gift
juguete m: toy
muñeca f: doll, wrist
pelota f: ball
balón m: ball, football
papel m: paper, role, part
libro m: book
cuaderno m: notebook, exercise book
lápiz m: pencil
bolígrafo m: pen, ballpoint
pluma f: feather, pen
carta f: letter, card, menu
sobre m: envelope
sello m: stamp, seal
periódico m: newspaper
revista f: magazine
página f: page
mapa m: map
dibujo m: drawing, cartoon
pintura f: paint, painting
vela f: candle, sail
horno m: oven, kiln
nevera f: fridge, refrigerator
plato m: plate, dish, course
vaso m: glass (for drinking)
copa f: glass (with a stem), cup, treetop
taza f: cup, mug
cuchillo m: knife
tenedor m: fork
cuchara f: spoon
botella f: bottle
sartén f: frying pan
cesta f: basket
cubo m: bucket, cube
herramienta f: tool
cuerda f: rope, string, cord
hilo m: thread, wire
aguja f: needle, hand (of a clock)
máquina f: machine
motor m: engine, motor
aparato m: device, appliance
instrumento m: instrument
piano m: piano
guitarra f: guitar
arma f: weapon, gun
pistola f: pistol, gun
espada f: sword
bomba f: bomb, pump
bandera f: flag
cartel m: poster, sign
etiqueta f: label, tag, etiquette
señal f: sign, signal, mark
cinta f: ribbon, tape
red f: net, network
cristal m: glass, pane, crystal
vidrio m: glass
metal m: metal
hierro m: iron
oro m: gold
plata f: silver, money
plástico m: plastic
tela f: fabric, cloth
lana f: wool
panel m: panel
barra f: bar, loaf (of bread), counter
hilera f: row, line
mango m: handle, mango
saco m: sack, bag
# clothes
ropa f: clothes, clothing
vestido m: dress
camisa f: shirt
camiseta f: T-shirt, vest
pantalón m: trousers, pants
falda f: skirt
chaqueta f: jacket
abrigo m: coat, shelter
jersey m: jumper, sweater
zapato m: shoe
bota f: boot
calcetín m: sock
sombrero m: hat
gorra f: cap
traje m: suit, costume, outfit
bolsillo m: pocket
botón m: button
delantal m: apron
anillo m: ring
collar m: necklace, collar
uniforme m: uniform
# food and drink
comida f: food, meal, lunch
alimento m: food, nourishment
desayuno m: breakfast
almuerzo m: lunch
cena f: dinner, supper
merienda f: afternoon snack
pan m: bread, loaf
leche f: milk
té m: tea
vino m: wine
cerveza f: beer
zumo m: juice
jugo m: juice
refresco m: soft drink
bebida f: drink
carne f: meat, flesh
pescado m: fish (food)
jamón m: ham
queso m: cheese
huevo m: egg
arroz m: rice
pasta f: pasta, paste, dough
sopa f: soup
ensalada f: salad
verdura f: vegetable, greens
patata f: potato
papa f: potato
tomate m: tomato
cebolla f: onion
ajo m: garlic
fruta f: fruit
manzana f: apple, block
naranja f: orange
rosa f: rose
plátano m: banana, plane tree
limón m: lemon
uva f: grape
fresa f: strawberry
pasa f: raisin
sal f: salt
azúcar m: sugar
aceite m: oil
mantequilla f: butter
harina f: flour
miel f: honey
chocolate m: chocolate, hot chocolate
galleta f: biscuit, cookie
pastel m: cake, pastry, pie
tarta f: cake, tart
caramelo m: sweet, candy, caramel
helado m: ice cream
tortilla f: omelette, tortilla
bocadillo m: sandwich, filled roll
magdalena f: fairy cake, muffin
hambre f: hunger
sed f: thirst
sabor m: taste, flavour
olor m: smell, scent
receta f: recipe, prescription
canela f: cinnamon
masa f: dough, mass
levadura f: yeast
trozo m: piece, bit, slice
pedazo m: piece, bit
kilo m: kilo
litro m: litre
# ideas, feelings and life
cosa f: thing, matter
vida f: life
muerte f: death
amor m: love
paz f: peace
guerra f: war
libertad f: freedom, liberty
verdad f: truth
mentira f: lie
razón f: reason, right
idea f: idea
pensamiento m: thought, thinking
sentimiento m: feeling
emoción f: emotion, excitement
sensación f: feeling, sensation
sentido m: sense, meaning, direction
miedo m: fear
alegría f: joy, happiness
felicidad f: happiness
tristeza f: sadness
placer m: pleasure
suerte f: luck, fate
esperanza f: hope
fe f: faith
deseo m: wish, desire
ganas f: wish, desire, urge
gusto m: taste, pleasure, liking
interés m: interest
atención f: attention
cuidado m: care, caution
paciencia f: patience
calma f: calm
prisa f: hurry, rush
ruido m: noise
silencio m: silence
sonido m: sound
música f: music
canción f: song
baile m: dance, dancing
arte m: art
cultura f: culture
idioma m: language
palabra f: word
frase f: sentence, phrase
letra f: letter, handwriting, lyrics
nombre m: name, noun
apellido m: surname, last name
número m: number, issue
cifra f: figure, number
cantidad f: amount, quantity
resto m: rest, remainder, leftovers
mitad f: half, middle
docena f: dozen
par m: pair, couple
millón m: million
grupo m: group
conjunto m: set, group, band, outfit
serie f: series
clase f: class, kind, lesson
tipo m: type, kind, guy
forma f: form, shape, way
manera f: way, manner
modo m: way, manner, mode
medio m: means, middle, medium
sistema m: system
orden m: order
problema m: problem
solución f: solution
pregunta f: question
respuesta f: answer, reply
duda f: doubt, question
error m: mistake, error
prueba f: test, proof, trial
examen m: exam, examination
ejemplo m: example
caso m: case
hecho m: fact, event, deed
situación f: situation, position
condición f: condition
cambio m: change, exchange
causa f: cause
efecto m: effect
resultado m: result, outcome
consecuencia f: consequence
objetivo m: aim, goal, objective
plan m: plan
proyecto m: project, plan
esfuerzo m: effort
trabajo m: work, job
tarea f: task, homework, chore
empleo m: employment, job, use
oficio m: trade, craft, job
profesión f: profession
carrera f: race, career, degree
estudio m: study, studio
lección f: lesson
curso m: course, school year
nota f: note, mark, grade
cuento m: story, tale
novela f: novel
poema m: poem
poesía f: poetry, poem
película f: film, movie
obra f: work, play, building site
programa m: programme, program
noticia f: news, piece of news
información f: information
mensaje m: message
llamada f: call, phone call
conversación f: conversation
discusión f: argument, discussion
opinión f: opinion
consejo m: advice, council
acuerdo m: agreement
promesa f: promise
secreto m: secret
misterio m: mystery
peligro m: danger
riesgo m: risk
accidente m: accident
crisis f: crisis
dinero m: money
precio m: price
cuenta f: bill, account, count
sueldo m: salary, wages
oferta f: offer, sale, supply
compra f: purchase, shopping
venta f: sale
euro m: euro
peso m: weight, peso
moneda f: coin, currency
deuda f: debt
hipoteca f: mortgage
economía f: economy, economics
valor m: value, courage
poder m: power
deber m: duty, homework (pl.)
ley f: law
derecho m: right, law
justicia f: justice
crimen m: crime, murder
juicio m: judgement, trial, sense
ejército m: army
batalla f: battle
fuerza f: strength, force
política f: politics, policy
partido m: party, match, game
elección f: choice, election
sociedad f: society, company
comunidad f: community
población f: population, town
servicio m: service, toilet
organización f: organization
compañía f: company
industria f: industry
producto m: product
producción f: production, output
desarrollo m: development
proceso m: process, trial
ciencia f: science
tecnología f: technology
investigación f: research, investigation
experiencia f: experience, experiment
conocimiento m: knowledge, consciousness
educación f: education, manners
religión f: religion
alma f: soul
espíritu m: spirit
infierno m: hell
milagro m: miracle
juego m: game, play, set
deporte m: sport
fútbol m: football, soccer
paseo m: walk, stroll, avenue
visita f: visit, visitor
vuelta f: return, turn, walk, change
regreso m: return
encuentro m: meeting, encounter
reunión f: meeting, gathering
cita f: appointment, date, quotation
boda f: wedding
sorpresa f: surprise
ayuda f: help, aid
apoyo m: support
favor m: favour (por favor: please)
gracia f: grace, charm, humour
broma f: joke
risa f: laughter, laugh
grito m: shout, scream, cry
golpe m: blow, knock, hit
paso m: step, pace, way through
movimiento m: movement, motion
acción f: action, share
actividad f: activity
uso m: use, usage
costumbre f: custom, habit
tradición f: tradition
objeto m: object, thing, purpose
pieza f: piece, part, room
montón m: pile, heap, lots
lista f: list
fila f: row, line, queue
línea f: line
círculo m: circle
figura f: figure, shape
imagen f: image, picture
color m: colour, color
tamaño m: size
altura f: height, altitude
medida f: measure, measurement, size
kilómetro m: kilometre
distancia f: distance
espacio m: space, room
hueco m: gap, hole, space
agujero m: hole
superficie f: surface, area
nivel m: level, standard
grado m: degree, grade
energía f: energy, power
gas m: gas
petróleo m: oil, petroleum
gasolina f: petrol, gasoline
firma f: signature, firm
regla f: rule, ruler, period
tono m: tone, shade, ringtone
embargo m: embargo, seizure (sin embargo: however)
bienvenida f: welcome
recado m: errand, message
# more common abstract nouns
realidad f: reality
relación f: relationship, relation
seguridad f: security, safety, certainty
respecto m: respect, regard (con respecto a: about)
mayoría f: majority, most
interior m: inside, interior
exterior m: outside, exterior
presencia f: presence
comisión f: commission, committee
base f: base, basis
sector m: sector
dato m: fact, piece of information, data (pl.)
miembro m: member, limb
posibilidad f: possibility, chance
capacidad f: capacity, ability
necesidad f: need, necessity
calidad f: quality
cola f: tail, queue, glue
través m: (a través de) through, across
derecha f: right, right-hand side
izquierda f: left, left-hand side
importancia f: importance
diferencia f: difference
función f: function, show, performance
análisis m: analysis
campaña f: campaign
carácter m: character, nature
personaje m: character (in a story), figure
cuestión f: question, issue, matter
tema m: subject, topic, theme
área f: area
aspecto m: aspect, appearance, look
asunto m: matter, affair, business
autoridad f: authority
beneficio m: benefit, profit
capítulo m: chapter
cargo m: post, position, charge
clave f: key, code, clue
comercio m: trade, commerce, shop
conciencia f: conscience, awareness
conflicto m: conflict
contacto m: contact
contenido m: content, contents
contrato m: contract
control m: control, check
crecimiento m: growth
decisión f: decision
defensa f: defence, defense
destino m: destiny, fate, destination
detalle m: detail
diario m: newspaper, diary
dificultad f: difficulty
disco m: record, disc
discurso m: speech
documento m: document
elemento m: element
escena f: scene, stage
estilo m: style
estructura f: structure
etapa f: stage, phase
éxito m: success, hit
existencia f: existence
expresión f: expression
falta f: lack, absence, mistake, foul
fuente f: fountain, source, serving dish
gasto m: expense, spending
identidad f: identity
igualdad f: equality
impresión f: impression, printing
individuo m: individual
influencia f: influence
informe m: report
intención f: intention
juventud f: youth
lenguaje m: language, speech
límite m: limit
lucha f: fight, struggle
marca f: brand, mark, make
material m: material
materia f: matter, subject
mente f: mind
método m: method
misión f: mission
modelo m: model
muestra f: sample, sign, exhibition
naturaleza f: nature
obligación f: obligation, duty
ocasión f: occasion, chance
oportunidad f: opportunity, chance
origen m: origin
paisaje m: landscape, scenery
pasión f: passion
pena f: sorrow, pity, penalty
periodo m: period
permiso m: permission, leave, permit
plano m: plan, map, level
plazo m: period, deadline, instalment
pobreza f: poverty
posición f: position
práctica f: practice
premio m: prize, award
presión f: pressure
propuesta f: proposal
reacción f: reaction
recurso m: resource, appeal
reforma f: reform, renovation
respeto m: respect
responsabilidad f: responsibility
reto m: challenge
revolución f: revolution
ritmo m: rhythm, pace
rostro m: face
salario m: salary, wage
símbolo m: symbol
soledad f: loneliness, solitude
sujeto m: subject, guy
técnica f: technique
teoría f: theory
texto m: text
título m: title, degree
tontería f: nonsense, silly thing
trato m: treatment, deal, manner
unidad f: unit, unity
universo m: universe
variedad f: variety
ventaja f: advantage
versión f: version
visión f: vision, view
vista f: view, sight, eyesight
volumen m: volume
`;

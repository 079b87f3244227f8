# The room page before the game is shown (room.js): a room that is not
# there, the name asked for, a rated room that needs a key.

room-not-found = Ninguna sala tiene el código { $code }.
room-key-needed-title = Sala { $code }: hace falta una clave · Mice Cake
room-new-key-needed-title = Nueva sala: hace falta una clave · Mice Cake
room-just-watch = Solo mirar
room-rated-heading = La sala { $code } es puntuada
room-new-rated-heading = Una sala puntuada necesita una clave
room-keyless = Una puntuación pertenece a la clave de un jugador, y este navegador no guarda ninguna aquí: una clave necesita WebCrypto, que los navegadores solo ofrecen a las páginas servidas por HTTPS o desde localhost, e IndexedDB, que falta en algunas ventanas privadas. Puedes mirar, o jugar en una sala amistosa.
room-new-heading = Nueva sala
room-heading = Sala { $code }
room-ask-name = Para jugar, elige el nombre con el que te verá tu rival. Para mirar, no hace falta ningún nombre.
room-your-name = Tu nombre
room-enter = Entrar en la sala

# The room's chat (chat.js), and how a chat line names who said it.

chat-closed-replaced = La discussion est fermée ici : votre place a été prise par un autre onglet ou une autre connexion.
chat-closed-failed = La discussion est fermée : cette page est déconnectée.
chat-input-label = Écrivez quelque chose
chat-send = Envoyer
chat-follow-spectators = Afficher la discussion des spectateurs
chat-line-speaker = { $speaker } :
chat-heading = Discussion
chat-lines-label = Messages de la discussion

## Who said a chat line

chat-speaker-seated = { $name } ({ $seat })
chat-speaker-anonymous = Un spectateur
chat-speaker-spectator = { $name } (spectateur)

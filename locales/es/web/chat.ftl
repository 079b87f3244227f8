# The room's chat (chat.js), and how a chat line names who said it.

chat-closed-replaced = El chat está cerrado aquí: otra pestaña u otra conexión ha ocupado tu asiento.
chat-closed-failed = El chat está cerrado: esta página está desconectada.
chat-input-label = Escribe algo
chat-send = Enviar
chat-follow-spectators = Mostrar el chat de los espectadores
chat-line-speaker = { $speaker }:
chat-heading = Chat
chat-lines-label = Mensajes del chat

## Who said a chat line

chat-speaker-seated = { $name } ({ $seat })
chat-speaker-anonymous = Un espectador
chat-speaker-spectator = { $name } (espectador)

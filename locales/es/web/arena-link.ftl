# An arena page's connection (arena-link.js): why it cannot join.

# Follows "Not joined: " (arena-not-joined), in place of the server's refusal.
arena-link-no-key = los jugadores de una arena son sus claves, y este navegador no puede guardar una aquí (necesita HTTPS o localhost, e IndexedDB).

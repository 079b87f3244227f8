# An arena page's connection (arena-link.js): why it cannot join.

# Follows "Not joined: " (arena-not-joined), in place of the server's refusal.
arena-link-no-key = les joueurs d’une arène sont leurs clés, et ce navigateur ne peut pas en garder une ici (il lui faut HTTPS ou localhost, et IndexedDB).

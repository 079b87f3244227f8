# An arena page's connection (arena-link.js): why it cannot join.

# Follows "Not joined: " (arena-not-joined), in place of the server's refusal.
arena-link-no-key = an arena's players are their keys, and this browser cannot keep one here (it needs HTTPS or localhost, and IndexedDB).

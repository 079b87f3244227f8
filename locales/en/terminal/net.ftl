# The connection to the server (client-cli/src/net/): reaching it, losing
# it, coming back, and the notices the client makes itself. $time is a
# duration as the client writes it (10s, 1m 30s).

# $error is what the connection said.
net-cannot-reach = cannot reach the server at { $url }: { $error }
net-no-answer = no answer within { $time }
net-closed = the connection closed
# 1013 is the WebSocket's close code for a server too busy: never translated.
net-server-full-1013 = the server is full (close code 1013): try again later
# $reason is the server's own words.
net-server-full = the server is full ({ $reason }): try again later
# $reason is the server's own words.
net-server-closed-saying = the server closed the connection: { $reason }
net-server-closed = the server closed the connection
net-silence = nothing heard from the server for { $time }
# Why the last attempt failed is $reason.
net-gave-up = gave up reconnecting after { $attempts } attempts: { $reason }
# A message from the server this client cannot read (a newer server, perhaps).
net-unreadable = unreadable message from the server: { $error }
net-slow-down = the server asked to slow down: your move is sent again in { $time }
net-cannot-keep-seat = cannot keep the seat for later: { $error }
# The note above says why the player has no key.
net-arena-needs-a-key = an arena's players are their keys, and this client has none (see the note above on why)
# A challenge is made, watched and answered with the player's key; the note above says why there is none.
net-challenges-need-a-key = challenges are made, watched and answered with your key, and this client has none (see the note above on why)
# $id is a challenge's (K7M2QX9PHT).
net-challenge-ended-while-away = challenge { $id } ended while the connection was down, and the server does not say how
net-challenge-called-off = the challenge's game was called off and room { $code } closed: the two players did not both take their seats and seal their deal in time

# The notice shown when a mouse cannot go on the column tapped ($column: its letter).

moves-nothing-to-steal = Column { $column } is the double-blank: your opponent has nothing to steal yet.
moves-no-piece = Column { $column } has no piece left.
# Every mouse the player has this round ($count) is already on a column.
moves-all-placed = All { $count } available mice are placed: take one off another column first.

# The room page as the game goes (room-draw.js): the title and its line,
# the connection's state, the waiting room, leaving, a seat taken by
# another tab, the result and the rematch.

room-caption-your-move = Manche { $round } : à vous de jouer.

## The connection's state

room-link-connecting = connexion…
room-link-back = reconnecté
room-link-reconnecting = connexion perdue, reconnexion…
room-link-failed = déconnecté

##

room-entering = Entrée dans la salle…
room-dealing = Le gâteau se dresse à partir de la graine engagée par le serveur et des nonces scellés des deux joueurs…
room-watching-full = Les deux places sont prises : vous regardez cette partie.
room-your-move-sealed = Votre coup : { $assignment }, scellé.

## The line under the room's heading

room-meta-game = partie { $game }, manche { $round }
room-meta-waiting = en attente
room-spectators = { $count ->
    [one] { $count } spectateur
   *[other] { $count } spectateurs
}
room-clock-label = temps restant pour la manche

## The room's tools

room-copy-link = Copier le lien d’invitation
room-leave = Quitter la salle
room-leave-question-forfeit = Quitter la salle ? Vous perdez cette partie par forfait : { $winner } gagne.
room-leave-question-aborted = Quitter la salle ? Personne n’a encore joué : la partie est annulée, personne ne gagne et elle n’est pas classée.
room-leave-now = Quitter
room-stay = Rester
room-not-rated = Cette partie n’est pas classée : { $reason }.

## Waiting for players

room-waiting-opponent = En attente d’un adversaire. Envoyez-lui ce lien :
room-waiting-players = En attente de deux joueurs ; la partie commence quand les deux sont là.

## The seat taken by another tab, window or device

room-take-back = Jouer ici plutôt
room-replaced-heading = Votre place a été prise par un autre onglet ou une autre connexion
room-replaced = Cette salle a été ouverte avec votre place dans un autre onglet, une autre fenêtre ou un autre appareil. Une place se joue depuis un seul endroit à la fois : le plus récent la garde. Cette page s’est arrêtée : plus aucun coup ni aucun message d’ici.

## The result

room-result-close = Fermer
room-rematch-asked = Revanche demandée
room-rematch = Revanche
room-arena-return = Retour à l’arène dans quelques secondes, pour un nouvel appariement.
room-arena-go-now = Y aller maintenant
room-result-win = Vous gagnez !
room-result-lose = Vous perdez.
room-result-opponent-left = Votre adversaire a quitté la salle : le prochain joueur qui entre commence la partie suivante.
room-result-heading = Partie { $game } terminée
room-result-not-rated = Non classée : { $reason }.
room-result-replay = Revoir cette partie
room-result-how-it-ended = Comment cette partie s’est terminée
room-player = { $name } ({ $seat })
room-rating = { $player } { $rating }
room-rating-change = { $player } { $rating } ({ $change })
room-ratings = Cotes : { $ratings }

## A match: game after game until a player has a number of wins

room-match-score = { $yellow } { $yellow_wins } – { $blue } { $blue_wins } · en { $first_to } victoires
room-match-to = Un match en { $first_to } victoires
room-match-won = { $winner } gagne le match { $wins }–{ $losses }
room-match-forfeit = { $loser } a quitté le match : { $winner } le gagne
room-match-abandoned = Les deux joueurs sont partis : le match est abandonné, et personne ne le gagne
room-match-game-to = Partie { $number } pour { $winner } — { $yellow } { $yellow_wins }, { $blue } { $blue_wins }
room-match-game-drawn = Partie { $number } nulle — { $yellow } { $yellow_wins }, { $blue } { $blue_wins }
room-match-next-game = La partie { $number } commence dans { $clock }, ou dès que les deux joueurs sont prêts.
room-match-ready = Passer à la partie { $number }
room-match-ready-asked = La partie { $number } commence bientôt
room-match-new = Nouveau match
room-match-new-asked = Nouveau match demandé

# Help in the room: the walkthrough for a first game (until dismissed) and
# what the marks on the cake mean.

## The first-game walkthrough

help-got-it = Compris
help-walkthrough = Comment jouer
help-first-game = Votre première partie
help-step-columns = À chaque manche, placez vos souris sur les colonnes du gâteau : touchez une colonne (ou ←/→ et ↑). Vos souris visent la pièce la plus proche de votre bord, en bas.
help-step-dice = Plus de souris lancent plus de dés : les dés doivent atteindre les points de la pièce. Les chances pour 1 à 4 souris s’affichent avec votre coup.
help-step-tire = Si les dés reproduisent les deux moitiés de la pièce, ces souris se fatiguent et se reposent une manche.
help-step-commit = Sceller : votre coup est scellé, secret même pour le serveur, jusqu’à ce que celui de votre adversaire soit là. Ensuite, les deux sont révélés et les dés roulent.
help-most-pips = Le joueur qui emporte le plus de points gagne.
help-rules = Toutes les règles

## What the marks on the cake mean

help-legend = Ce que signifient les marques
help-legend-nearest = Un bord coloré : la pièce la plus proche de cette famille dans la colonne, celle que visent ses souris (celle de Jaune en dessous, celle de Bleu au-dessus).
help-legend-changed = Un contour : une case que la dernière manche a changée (une pièce prise ou retournée).
help-legend-resting = Souris au repos : deux souris de Jaune se sont fatiguées sur cette pièce et passent la manche suivante.
help-legend-tire = Fatigue : des dés qui reproduisent les deux moitiés de la pièce (un seul dé pour une pièce à moitié blanche) fatiguent ces souris ; la pièce reste, quelle que soit la somme. Avec l’élan, elles relancent à la place.
help-legend-marks = ✓ prise, ✗ pas atteinte (ou battue aux dés), = égalité (la pièce reste), z fatiguées : comment chaque lancer s’est terminé, pendant une révélation.

# How the terminal client writes numbers (client-cli/src/catalogue.rs).

# The character between a number's whole part and its decimals (12.5).
catalogue-decimal-separator = ,

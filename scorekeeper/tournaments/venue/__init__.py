"""The tournament at the venue: the screen that cycles through everything (its own link,
its round clock, its cheap version check), check-in at the door (present, paid, late
entries between Swiss rounds, the tables needed, the evening's draw to print) and the
prize list (montepremi). Its models live beside the tournament's, in tables of their own.
"""

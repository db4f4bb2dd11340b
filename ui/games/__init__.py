"""App screens of the games other than Penny Press, one folder per game
(``ui/games/<game>/``): Kivy widgets beside Kivy-free view-models. The registry
(``GameSpec.screens``) names a game's module here."""

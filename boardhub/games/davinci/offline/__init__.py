"""Da Vinci Code's offline tools, which the app never loads: tuning the source AI's open constants."""

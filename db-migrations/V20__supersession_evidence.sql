-- Why an automatic decision superseded a fact (method, what matched, reason, confidence, as JSON): shown in the
-- fact's history and in the console, where it can be undone; cleared when the fact is current again.
ALTER TABLE fact ADD COLUMN supersession_evidence VARCHAR(2000);
